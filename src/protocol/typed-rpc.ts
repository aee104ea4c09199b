import {
  type Diagnosed,
  type Diagnostic,
  errorDiagnostic,
  errorMessage,
  type Value,
} from "../terraform-model";
import { methods, registry } from "./generated/descriptors";
import type { Diagnostic__Wire } from "./generated/tfplugin6/Diagnostic";
import type { DynamicValue__Decoded } from "./generated/tfplugin6/DynamicValue";
import type { ProviderDefinition } from "./generated/tfplugin6/Provider";
import type { ServerCapabilities__Wire } from "./generated/tfplugin6/ServerCapabilities";
import type { UnaryHandler } from "./grpc-unary";
import { RpcContext, UnknownTypeError, type TypeKind } from "./rpc-context";
import { decodeDynamic, type BlockType } from "./values/dynamic-value";
import { ValueError } from "./values/errors";
import { diagnosticToWire } from "./wire/diagnostics";
import { decodeMessage, encodeMessage, type MethodTypes } from "./wire/protobuf";

// The typed-RPC engine: every tfplugin6 RPC is decode → handler → encode, its request and response typed by
// the types generated from src/protocol/proto/tfplugin6.proto (as in terraform-plugin-framework's
// fromproto6 / toproto6). Each RPC's file in ./rpc/ says only what is its own.

/** The request a method's handler gets (decoded: every field present) and the response it writes. */
export type RequestOf<M> = M extends { requestDeserialize(data: Buffer): infer R } ? R : never;
export type ResponseOf<M> = M extends { responseSerialize(value: infer R): Buffer } ? R & object : never;

/** The tfplugin6 RPCs, by name. */
export type RpcName = keyof ProviderDefinition;
export type RpcRequest<N extends RpcName> = RequestOf<ProviderDefinition[N]>;
export type RpcResponse<N extends RpcName> = ResponseOf<ProviderDefinition[N]>;

/** One tfplugin6 RPC and how to answer it. */
export interface RpcMethod<N extends RpcName = RpcName> {
  name: N;
  handle(ctx: RpcContext, req: RpcRequest<N>): Promise<RpcResponse<N>>;
}

export function rpcMethod<N extends RpcName>(name: N, handle: RpcMethod<N>["handle"]): RpcMethod<N> {
  return { name, handle };
}

/**
 * Said by both GetMetadata and GetProviderSchema. The schema is the same in every process, so terraform may
 * keep the first answer for the whole command: its later provider processes (3 to 5 per command) skip
 * GetProviderSchema (no schema to build, encode and send each time). No PlanResourceChange is wanted for
 * destroy.
 */
export const SERVER_CAPABILITIES: ServerCapabilities__Wire = {
  planDestroy: false,
  getProviderSchemaOptional: true,
};

/** The diagnostics every response carries. */
export function wireDiagnostics(diagnostics: Diagnostic[] | undefined): Diagnostic__Wire[] {
  return (diagnostics ?? []).map(diagnosticToWire);
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

/** The names of a request's DynamicValue fields. */
type DynamicFields<R> = { [K in keyof R]-?: R[K] extends DynamicValue__Decoded | null ? K : never }[keyof R] &
  string;

/** A request's decoded values, keyed as the handler's request names them. */
export type TypedRequest<F extends string> = Record<F, Value> & {
  /** The resource or data source type the request names; "" in the provider's own RPCs. */
  typeName: string;
};

/** What an RPC's file declares to typedRpc: the values it decodes, the handler call, the response's fields. */
export interface TypedRpc<N extends RpcName, F extends DynamicFields<RpcRequest<N>>, Res extends Diagnosed> {
  /** The request's DynamicValue fields, in decode order, each with its tfplugin6 name for errors. */
  values: Record<F, string>;
  call(ctx: RpcContext, request: TypedRequest<F>, req: RpcRequest<N>): Promise<Res>;
  /** The response's fields besides the diagnostics, which every response carries. */
  respond?(res: Res, type: BlockType, ctx: RpcContext): Omit<RpcResponse<N>, "diagnostics">;
}

/**
 * `kind` says whose schema types the values: the provider's, or the resource or data source type the
 * request names in `typeName`.
 */
export function typedRpc<N extends RpcName, F extends DynamicFields<RpcRequest<N>>, Res extends Diagnosed>(
  kind: TypeKind,
  name: N,
  rpc: TypedRpc<N, F, Res>,
): RpcMethod<N> {
  return rpcMethod(name, async (ctx, req) => {
    // The generated request types are interfaces of known fields; here they are read by name.
    const fields = req as { typeName?: string } & Partial<Record<F, DynamicValue__Decoded | null>>;
    const typeName = kind === "provider" ? "" : (fields.typeName ?? "");
    const type = ctx.typeOf(kind, typeName);
    const request = { typeName } as TypedRequest<F>;
    for (const [key, field] of Object.entries<string>(rpc.values)) {
      request[key as F] = decodeDynamic(fields[key as F] ?? null, type, field) as TypedRequest<F>[F];
    }
    const res = await rpc.call(ctx, request, req);
    // Every response of an RPC built here carries diagnostics (TypedRpc's respond gives the rest).
    return {
      ...rpc.respond?.(res, type, ctx),
      diagnostics: wireDiagnostics(res.diagnostics),
    } as RpcResponse<N>;
  });
}

/** A method's message types, from the .proto files. */
export function methodTypes(path: string): MethodTypes {
  const types = methods.get(path);
  if (!types) throw new Error(`${path} is not a method of src/protocol/proto/*.proto`);
  return types;
}

/**
 * A unary handler from a typed one. The decoded message is the method's request type because the descriptor
 * the codec decodes with and the type are generated from the same .proto.
 */
export function typedUnary<M>(
  path: string,
  handle: (req: RequestOf<M>) => Promise<ResponseOf<M>>,
): UnaryHandler {
  const { requestType, responseType } = methodTypes(path);
  return async (request) =>
    encodeMessage(
      registry,
      responseType,
      await handle(decodeMessage(registry, requestType, request) as RequestOf<M>),
    );
}

/**
 * A tfplugin6 RPC as a unary handler: decode → handler → encode, and whatever fails becomes an error
 * diagnostic, never a gRPC error (terraform shows diagnostics; a gRPC error reads as a crashed plugin).
 */
export function rpcHandler(method: RpcMethod, ctx: RpcContext): UnaryHandler {
  const { requestType, responseType } = methodTypes(`/tfplugin6.Provider/${method.name}`);
  const answer = async (request: Buffer): Promise<object> => {
    let req: RpcRequest<RpcName>;
    try {
      req = decodeMessage(registry, requestType, request) as RpcRequest<RpcName>;
    } catch (e) {
      const reason = errorMessage(e);
      ctx.log.error("unreadable request", { rpc: method.name, error: reason });
      const d = errorDiagnostic(
        `Unreadable ${method.name} request`,
        `The request is not valid protobuf: ${reason}.`,
      );
      // StopProvider's response has its Error instead of diagnostics.
      return { diagnostics: [diagnosticToWire(d)], Error: d.detail };
    }
    const type = "typeName" in req ? req.typeName || undefined : undefined;
    const started = Date.now();
    try {
      await ctx.ready();
      const res = await method.handle(ctx, req);
      ctx.log.debug("rpc done", { rpc: method.name, type, ms: Date.now() - started });
      return res;
    } catch (e) {
      ctx.log.error("rpc failed", { rpc: method.name, type, error: e });
      return { diagnostics: [diagnosticToWire(rpcFailureDiagnostic(method.name, e))] };
    }
  };
  return async (request) => encodeMessage(registry, responseType, await answer(request));
}
