import { randomBytes } from "node:crypto";
import { unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "../terraform-model";
import type { HealthDefinition } from "./generated/grpc/health/v1/Health";
import { _grpc_health_v1_HealthCheckResponse_ServingStatus as ServingStatus } from "./generated/grpc/health/v1/HealthCheckResponse";
import type { GRPCControllerDefinition } from "./generated/plugin/GRPCController";
import { createGrpcServer, GrpcStatus, GrpcStatusError, type UnaryHandler } from "./grpc-unary";
import type { PinnedTls } from "./pinned-tls-listener";
import { providerMethods } from "./rpc";
import { RpcContext, type HandlerSource } from "./rpc-context";
import { rpcHandler, typedUnary } from "./typed-rpc";

// The provider service: what terraform calls on the provider's socket. The tfplugin6 Provider RPCs (./rpc/,
// each through the typed-RPC engine), go-plugin's health check and its Shutdown; and the socket's life.

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

export async function startProviderServer(
  handler: HandlerSource,
  opts: ProviderServerOptions,
): Promise<ProviderServer> {
  const ctx = new RpcContext(handler, opts.log);
  const routes = new Map<string, UnaryHandler>();
  for (const m of providerMethods) routes.set(`/tfplugin6.Provider/${m.name}`, rpcHandler(m, ctx));
  const check = "/grpc.health.v1.Health/Check";
  routes.set(
    check,
    typedUnary<HealthDefinition["Check"]>(check, async ({ service }) => {
      // go-plugin asks for the service "plugin"; "" is the whole server.
      if (service !== "" && service !== "plugin") {
        throw new GrpcStatusError(GrpcStatus.NOT_FOUND, `unknown service "${service}"`);
      }
      return { status: ServingStatus.SERVING };
    }),
  );
  const shutdown = "/plugin.GRPCController/Shutdown";
  routes.set(
    shutdown,
    typedUnary<GRPCControllerDefinition["Shutdown"]>(shutdown, async () => {
      opts.log.debug("shutdown requested");
      // Answer first, then stop: terraform kills the process 2 s after asking.
      setImmediate(() => void close().then(() => opts.onShutdown?.()));
      return {};
    }),
  );

  let certDer: Buffer | undefined;
  let tls: PinnedTls | undefined;
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
