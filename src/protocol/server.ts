import { randomBytes } from "node:crypto";
import { unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as grpc from "@grpc/grpc-js";
import type { Logger } from "./log";
import { errorDiagnostic, diagnosticToWire } from "./diagnostics";
import { RpcContext, failureDiagnostic, type HandlerSource, type RpcMethod } from "./rpc/context";
import { providerMethods } from "./rpc";
import { registry, SERVING } from "./wire/messages";
import { decodeMessage, encodeMessage, type Message } from "./wire/protobuf";

/** terraform allows 2 GiB; grpc-js would stop at 4 MB. */
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

/** Marks a request whose protobuf could not be read; the RPC answers with a diagnostic. */
const UNREADABLE = Symbol("unreadable request");

function unaryMethod(
  path: string,
  requestType: string,
  responseType: string,
): grpc.MethodDefinition<Message, Message> {
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (m: Message) => encodeMessage(registry, requestType, m),
    requestDeserialize: (b: Buffer) => {
      try {
        return decodeMessage(registry, requestType, b);
      } catch (e) {
        return { [UNREADABLE]: (e as Error).message } as Message;
      }
    },
    responseSerialize: (m: Message) => encodeMessage(registry, responseType, m),
    responseDeserialize: (b: Buffer) => decodeMessage(registry, responseType, b),
  };
}

/** grpc-js service definitions built from this project's descriptor tables. */
export function providerServiceDefinition(): grpc.ServiceDefinition {
  return Object.fromEntries(
    providerMethods.map((m) => [
      m.name,
      unaryMethod(`/tfplugin6.Provider/${m.name}`, m.requestType, m.responseType),
    ]),
  );
}
export const controllerServiceDefinition = (): grpc.ServiceDefinition => ({
  Shutdown: unaryMethod("/plugin.GRPCController/Shutdown", "Empty", "Empty"),
});
export const healthServiceDefinition = (): grpc.ServiceDefinition => ({
  Check: unaryMethod("/grpc.health.v1.Health/Check", "HealthCheckRequest", "HealthCheckResponse"),
});

/** decode → handler → encode; whatever fails becomes an error diagnostic, never a gRPC error. */
async function runMethod(method: RpcMethod, ctx: RpcContext, req: Message): Promise<Message> {
  const unreadable = (req as Record<symbol, unknown>)[UNREADABLE];
  if (typeof unreadable === "string") {
    ctx.log.error("unreadable request", { rpc: method.name, error: unreadable });
    const d = errorDiagnostic(
      `Unreadable ${method.name} request`,
      `The request is not valid protobuf: ${unreadable}.`,
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
    return { diagnostics: [diagnosticToWire(failureDiagnostic(method.name, e))] };
  }
}

export async function startProviderServer(
  handler: HandlerSource,
  opts: ProviderServerOptions,
): Promise<ProviderServer> {
  const grpcJs = await import("@grpc/grpc-js");
  const ctx = new RpcContext(handler, opts.log);
  const server = new grpcJs.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  });

  const providerImpl: grpc.UntypedServiceImplementation = {};
  for (const m of providerMethods) {
    providerImpl[m.name] = (
      call: grpc.ServerUnaryCall<Message, Message>,
      cb: grpc.sendUnaryData<Message>,
    ) => {
      void runMethod(m, ctx, call.request).then((res) => cb(null, res));
    };
  }
  server.addService(providerServiceDefinition(), providerImpl);

  server.addService(healthServiceDefinition(), {
    Check: (call: grpc.ServerUnaryCall<Message, Message>, cb: grpc.sendUnaryData<Message>) => {
      const service = call.request.service as string | undefined;
      if (service === "" || service === "plugin") cb(null, { status: SERVING });
      else cb({ code: grpcJs.status.NOT_FOUND, details: `unknown service "${service}"` });
    },
  });

  const socketPath = join(opts.socketDir || tmpdir(), `plugin${randomBytes(6).toString("hex")}`);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => server.forceShutdown(), SHUTDOWN_GRACE_MS);
      server.tryShutdown(() => {
        clearTimeout(timer);
        removeSocket(socketPath);
        resolve();
      });
    }));

  server.addService(controllerServiceDefinition(), {
    Shutdown: (_call: grpc.ServerUnaryCall<Message, Message>, cb: grpc.sendUnaryData<Message>) => {
      opts.log.debug("shutdown requested");
      cb(null, {});
      // Answer first, then stop: terraform kills the process 2 s after asking.
      setImmediate(() => void close().then(() => opts.onShutdown?.()));
    },
  });

  let certDer: Buffer | undefined;
  let credentials: grpc.ServerCredentials;
  if (opts.clientCertPem) {
    const { createServerCertificate } = await import("./certificate");
    const cert = createServerCertificate();
    certDer = cert.certDer;
    credentials = grpcJs.ServerCredentials.createSsl(
      Buffer.from(opts.clientCertPem),
      [{ private_key: Buffer.from(cert.keyPem), cert_chain: Buffer.from(cert.certPem) }],
      true,
    );
  } else {
    credentials = grpcJs.ServerCredentials.createInsecure();
  }

  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`unix:${socketPath}`, credentials, (err) => (err ? reject(err) : resolve())),
  );
  const preload = () =>
    void ctx.ready().catch((e: unknown) => opts.log.error("loading the provider failed", { error: e }));
  return { socketPath, certDer, preload, close };
}

function removeSocket(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
