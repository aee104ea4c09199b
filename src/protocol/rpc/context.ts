import {
  type CtyType,
  type Diagnosed,
  type Diagnostic,
  errorDiagnostic,
  errorMessage,
  type Logger,
  type ProviderHandler,
  type ProviderSchemas,
  type SchemaBlock,
  type Value,
} from "../../terraform-model";
import type { Message } from "../wire/protobuf";
import { diagnosticToWire } from "../diagnostics";
import { ValueError } from "../values/errors";
import { decodeMsgpack, encodeMsgpack } from "../values/msgpack";
import { decodeJson } from "../values/json";
import { impliedType } from "../values/types";
import { fillBlockDefaults } from "../values/blocks";

/** Whose schema a value is read against. */
export type TypeKind = "provider" | "resource" | "data source";

/** A schema block and the value type it implies. */
export interface BlockType {
  block: SchemaBlock;
  type: CtyType;
}

/**
 * A handler, or a function loading it: the provider's modules then load after the handshake line
 * (start-up time counts until the handshake; terraform's first call waits for the load).
 */
export type HandlerSource = ProviderHandler | (() => ProviderHandler | Promise<ProviderHandler>);

/** What every RPC implementation gets: the handler and the schema-derived types it needs. */
export class RpcContext {
  private loading?: Promise<void>;
  private loaded?: { handler: ProviderHandler; schemas: ProviderSchemas };
  private readonly types = new Map<string, BlockType>();

  constructor(
    private readonly source: HandlerSource,
    readonly log: Logger,
  ) {}

  /** Loads the handler and its schema once; every RPC awaits this first. */
  ready(): Promise<void> {
    this.loading ??= (async () => {
      const handler = typeof this.source === "function" ? await this.source() : this.source;
      this.loaded = { handler, schemas: handler.getSchema() };
    })();
    return this.loading;
  }

  private get current(): { handler: ProviderHandler; schemas: ProviderSchemas } {
    if (!this.loaded) throw new Error("the provider handler is used before it was loaded");
    return this.loaded;
  }

  get handler(): ProviderHandler {
    return this.current.handler;
  }

  getSchemas(): ProviderSchemas {
    return this.current.schemas;
  }

  /** The type of the provider's config ("" as the name), or of the named resource or data source. */
  typeOf(kind: TypeKind, typeName: string): BlockType {
    const cacheKey = `${kind}:${typeName}`;
    let type = this.types.get(cacheKey);
    if (!type) {
      const s = this.getSchemas();
      let schema = s.provider;
      if (kind !== "provider") {
        const table = kind === "resource" ? s.resources : s.dataSources;
        if (!Object.prototype.hasOwnProperty.call(table, typeName)) {
          throw new UnknownTypeError(kind, typeName, Object.keys(table));
        }
        schema = table[typeName];
      }
      type = { block: schema.block, type: impliedType(schema.block) };
      this.types.set(cacheKey, type);
    }
    return type;
  }
}

export class UnknownTypeError extends Error {
  constructor(
    readonly kind: string,
    readonly typeName: string,
    known: string[],
  ) {
    super(`this provider has no ${kind} type "${typeName}"; known types: ${known.join(", ") || "none"}`);
  }
}

interface WireDynamicValue {
  msgpack?: Uint8Array;
  json?: Uint8Array;
}

/** Runs a decode, naming the request field (its tfplugin6 name) in a value error. */
export function decodingField<T>(field: string, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    if (e instanceof ValueError) throw new ValueError(`${field}: ${e.message}`);
    throw e;
  }
}

/** Reads a DynamicValue field; an absent value is null (e.g. prior state on create). */
export function decodeDynamic(dv: unknown, { type }: BlockType, field: string): Value {
  const v = dv as WireDynamicValue | undefined;
  return decodingField(field, () => {
    if (v?.msgpack && v.msgpack.length) return decodeMsgpack(v.msgpack, type);
    if (v?.json && v.json.length) return decodeJson(Buffer.from(v.json).toString("utf8"), type);
    return null;
  });
}

export function encodeDynamic(value: Value, { block, type }: BlockType): WireDynamicValue {
  return { msgpack: encodeMsgpack(fillBlockDefaults(value, block), type) };
}

/** The diagnostics every response carries; failures of the layer itself become one error. */
export function wireDiagnostics(diagnostics: Diagnostic[] | undefined): Message[] {
  return (diagnostics ?? []).map((d) => diagnosticToWire(d) as unknown as Message);
}

/** Turns anything thrown while decoding, in the handler or while encoding into a diagnostic. */
export function rpcFailureDiagnostic(rpc: string, e: unknown): Diagnostic {
  if (e instanceof UnknownTypeError) {
    return errorDiagnostic(
      `Unknown ${e.kind} type`,
      `${e.message}. Check the type name in the configuration.`,
    );
  }
  if (e instanceof ValueError) {
    return errorDiagnostic(`Invalid value in ${rpc}`, `The provider could not handle a value: ${e.message}.`);
  }
  return errorDiagnostic(
    `Provider error in ${rpc}`,
    `${errorMessage(e)}. This is a bug in the provider; please report it.`,
  );
}

/** One tfplugin6 RPC: its message types and how to answer it. */
export interface RpcMethod {
  name: string;
  requestType: string;
  responseType: string;
  handle(ctx: RpcContext, req: Message): Promise<Message>;
}

/** An RPC whose messages are `<name>.Request` and `<name>.Response`, or the shared ones given. */
export function rpcMethod(
  name: string,
  handle: RpcMethod["handle"],
  [requestType, responseType] = [`${name}.Request`, `${name}.Response`],
): RpcMethod {
  return { name, requestType, responseType, handle };
}

/**
 * Said by both GetMetadata and GetProviderSchema. The schema is the same in every process, so terraform may
 * keep the first answer for the whole command: its later provider processes (3 to 5 per command) skip
 * GetProviderSchema (no schema to build, encode and send each time). No PlanResourceChange is wanted for
 * destroy.
 */
export const SERVER_CAPABILITIES = { planDestroy: false, getProviderSchemaOptional: true };

/** A request's decoded values, keyed as the handler's request names them. */
export type TypedRequest<F extends string> = Record<F, Value> & {
  /** The resource or data source type the request names; "" in the provider's own RPCs. */
  typeName: string;
};

/**
 * The shape most RPCs share (decode, handler, encode, as in terraform-plugin-framework), built once so each
 * RPC's file says only what is its own: the values it decodes, the handler call, the response's fields.
 */
export interface TypedRpc<F extends string, Res extends Diagnosed> {
  /** The request and response message types, when not `<name>.Request` and `<name>.Response`. */
  messages?: [request: string, response: string];
  /** The request's DynamicValue fields, in decode order, each with its tfplugin6 name for errors. */
  values: Record<F, string>;
  call(ctx: RpcContext, request: TypedRequest<F>, req: Message): Promise<Res>;
  /** The response's fields besides the diagnostics, which every response carries. */
  respond?(res: Res, type: BlockType, ctx: RpcContext): Message;
}

/**
 * `kind` says whose schema types the values: the provider's, or the resource or data source type the
 * request names in `typeName`.
 */
export function typedRpc<F extends string, Res extends Diagnosed>(
  kind: TypeKind,
  name: string,
  rpc: TypedRpc<F, Res>,
): RpcMethod {
  const handle: RpcMethod["handle"] = async (ctx, req) => {
    const typeName = kind === "provider" ? "" : (req.typeName as string);
    const type = ctx.typeOf(kind, typeName);
    const request = { typeName } as TypedRequest<F>;
    for (const [key, field] of Object.entries(rpc.values) as [F, string][]) {
      request[key] = decodeDynamic(req[key], type, field) as TypedRequest<F>[F];
    }
    const res = await rpc.call(ctx, request, req);
    return { ...rpc.respond?.(res, type, ctx), diagnostics: wireDiagnostics(res.diagnostics) };
  };
  return rpcMethod(name, handle, rpc.messages);
}

/** ValidateResourceConfig and ValidateDataResourceConfig: the same messages, the config alone decoded. */
export function validateConfigRpc(
  kind: "resource" | "data source",
  name: string,
  call: TypedRpc<"config", Diagnosed>["call"],
): RpcMethod {
  const messages: [string, string] = ["ValidateConfig.Request", "Diagnostics.Response"];
  return typedRpc(kind, name, { messages, values: { config: "config" }, call });
}
