import { randomBytes } from "node:crypto";
import { unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorDiagnostic, type Logger } from "../terraform-model";
import { diagnosticToWire } from "./diagnostics";
import { RpcContext, rpcFailureDiagnostic, type HandlerSource, type RpcMethod } from "./rpc/context";
import { providerMethods } from "./rpc";
import { createGrpcServer, GrpcStatus, GrpcStatusError, type UnaryHandler } from "./transport";
import { registry, SERVING } from "./wire/messages";
import { decodeMessage, encodeMessage, type Message } from "./wire/protobuf";

/** terraform allows 2 GiB; 256 MiB is far beyond any state this provider handles. */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** How long in-flight calls may finish after Shutdown before connections are cut. */
const SHUTDOWN_GRACE_MS = 250;

export interface ProviderServerOptions {
  log: Logger;
  /** Directory for the unix socket (default: the OS temp dir). */
  socketDir?: string;
  /** PEM of terraform's client certificate: enables mutual TLS with a fresh server certificate. */
  clientCertPem?: string;
  /** Called after plugin.GRPCController/Shutdown has been answered and the server has stopped. */
  onShutdown?: () => void;
}

export interface ProviderServer {
  socketPath: string;
  /** The server certificate (DER) when mutual TLS is on. */
  certDer?: Buffer;
  /** Starts loading the handler (call after the handshake); RPCs wait for it anyway. */
  preload(): void;
  /** Stops serving and removes the socket file. */
  close(): Promise<void>;
}

/** Every method served, with its gRPC path and message types (clients in tests use it too). */
export interface MethodTypes {
  path: string;
  requestType: string;
  responseType: string;
}
export const providerMethodTypes = (): MethodTypes[] =>
  providerMethods.map((m) => ({
    path: `/tfplugin6.Provider/${m.name}`,
    requestType: m.requestType,
    responseType: m.responseType,
  }));
export const SHUTDOWN: MethodTypes = {
  path: "/plugin.GRPCController/Shutdown",
  requestType: "Empty",
  responseType: "Empty",
};
export const HEALTH_CHECK: MethodTypes = {
  path: "/grpc.health.v1.Health/Check",
  requestType: "HealthCheckRequest",
  responseType: "HealthCheckResponse",
};

/** decode → handler → encode; whatever fails becomes an error diagnostic, never a gRPC error. */
async function runMethod(method: RpcMethod, ctx: RpcContext, request: Buffer): Promise<Message> {
  let req: Message;
  try {
    req = decodeMessage(registry, method.requestType, request);
  } catch (e) {
    const reason = (e as Error).message;
    ctx.log.error("unreadable request", { rpc: method.name, error: reason });
    const d = errorDiagnostic(
      `Unreadable ${method.name} request`,
      `The request is not valid protobuf: ${reason}.`,
    );
    return { diagnostics: [diagnosticToWire(d)], error: d.detail };
  }
  const started = Date.now();
  try {
    await ctx.ready();
    const res = await method.handle(ctx, req);
    ctx.log.debug("rpc done", {
      rpc: method.name,
      type: req.typeName || undefined,
      ms: Date.now() - started,
    });
    return res;
  } catch (e) {
    ctx.log.error("rpc failed", { rpc: method.name, type: req.typeName || undefined, error: e });
    return { diagnostics: [diagnosticToWire(rpcFailureDiagnostic(method.name, e))] };
  }
}

export async function startProviderServer(
  handler: HandlerSource,
  opts: ProviderServerOptions,
): Promise<ProviderServer> {
  const ctx = new RpcContext(handler, opts.log);
  const routes = new Map<string, UnaryHandler>();
  for (const m of providerMethods) {
    routes.set(`/tfplugin6.Provider/${m.name}`, async (request) =>
      encodeMessage(registry, m.responseType, await runMethod(m, ctx, request)),
    );
  }
  routes.set(HEALTH_CHECK.path, async (request) => {
    const { service } = decodeMessage(registry, HEALTH_CHECK.requestType, request);
    if (service !== "" && service !== "plugin") {
      throw new GrpcStatusError(GrpcStatus.NOT_FOUND, `unknown service "${String(service)}"`);
    }
    return encodeMessage(registry, HEALTH_CHECK.responseType, { status: SERVING });
  });
  routes.set(SHUTDOWN.path, async () => {
    opts.log.debug("shutdown requested");
    // Answer first, then stop: terraform kills the process 2 s after asking.
    setImmediate(() => void close().then(() => opts.onShutdown?.()));
    return Buffer.alloc(0);
  });

  let certDer: Buffer | undefined;
  let tls: { keyPem: string; certPem: string; clientCertPem: string } | undefined;
  if (opts.clientCertPem) {
    const { createServerCertificate } = await import("./certificate");
    const cert = createServerCertificate();
    certDer = cert.certDer;
    tls = { keyPem: cert.keyPem, certPem: cert.certPem, clientCertPem: opts.clientCertPem };
  }
  const server = createGrpcServer(routes, { log: opts.log, maxMessageBytes: MAX_MESSAGE_BYTES, tls });

  const socketPath = join(opts.socketDir || tmpdir(), `plugin${randomBytes(6).toString("hex")}`);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= server.close(SHUTDOWN_GRACE_MS).then(() => removeSocket(socketPath)));
  await server.listen(socketPath);

  const preload = () =>
    void ctx.ready().catch((e: unknown) => opts.log.error("loading the provider failed", { error: e }));
  return { socketPath, certDer, preload, close };
}

/** Removes the unix socket file, if it is still there. */
export function removeSocket(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
