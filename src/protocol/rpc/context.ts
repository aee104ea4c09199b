import type { CtyType, Diagnostic, ProviderHandler, ProviderSchemas, SchemaBlock, Value } from "../model";
import type { Logger } from "../log";
import type { Message } from "../wire/protobuf";
import { diagnosticToWire, errorDiagnostic, errorMessage } from "../diagnostics";
import { ValueError } from "../values/errors";
import { decodeMsgpack, encodeMsgpack } from "../values/msgpack";
import { decodeJson } from "../values/json";
import { impliedType } from "../values/types";
import { fillBlockDefaults } from "../values/blocks";

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

  private typeOf(kind: "provider" | "resource" | "data source", typeName: string): BlockType {
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

  providerType(): BlockType {
    return this.typeOf("provider", "");
  }
  resourceType(typeName: string): BlockType {
    return this.typeOf("resource", typeName);
  }
  dataSourceType(typeName: string): BlockType {
    return this.typeOf("data source", typeName);
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

/** Reads a DynamicValue field; an absent value is null (e.g. prior state on create). */
export function decodeDynamic(dv: unknown, { type }: BlockType, field: string): Value {
  const v = dv as WireDynamicValue | undefined;
  try {
    if (v?.msgpack && v.msgpack.length) return decodeMsgpack(v.msgpack, type);
    if (v?.json && v.json.length) return decodeJson(Buffer.from(v.json).toString("utf8"), type);
    return null;
  } catch (e) {
    if (e instanceof ValueError) throw new ValueError(`${field}: ${e.message}`);
    throw e;
  }
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
