import { X509Certificate } from "node:crypto";
import * as http2 from "node:http2";
import * as tls from "node:tls";
import type { Logger } from "./log";

// A minimal gRPC server (unary calls only) on node:http2. It stands in for @grpc/grpc-js on the
// provider's side: loading grpc-js from a bundle took about twice as long as a bare node start on the
// development machine, against a budget of 3x node for the whole start-up, and terraform (grpc-go)
// only makes unary calls to a provider. Tests use grpc-js as the client.

/** gRPC status codes used here. */
export const GrpcStatus = {
  OK: 0,
  NOT_FOUND: 5,
  RESOURCE_EXHAUSTED: 8,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
} as const;

export class GrpcStatusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Serialized request in, serialized response out. */
export type UnaryHandler = (request: Buffer) => Promise<Buffer>;

export interface GrpcServerOptions {
  log: Logger;
  maxMessageBytes: number;
  /** Mutual TLS: our key and certificate, and the only client certificate accepted. */
  tls?: { keyPem: string; certPem: string; clientCertPem: string };
}

export interface GrpcServer {
  listen(socketPath: string): Promise<void>;
  /** Stops accepting calls, lets running ones finish for up to graceMs, then cuts connections. */
  close(graceMs: number): Promise<void>;
}

const GRPC_CONTENT_TYPE = "application/grpc";

function sendStatus(stream: http2.ServerHttp2Stream, code: number, message: string): void {
  if (stream.destroyed || stream.closed) return;
  if (stream.headersSent) {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  // "Trailers-only" response: the status travels in the only HEADERS frame.
  stream.respond(
    {
      ":status": 200,
      "content-type": GRPC_CONTENT_TYPE,
      "grpc-status": String(code),
      "grpc-message": encodeURIComponent(message),
    },
    { endStream: true },
  );
}

function sendMessage(stream: http2.ServerHttp2Stream, message: Buffer): void {
  if (stream.destroyed || stream.closed) return;
  stream.respond({ ":status": 200, "content-type": GRPC_CONTENT_TYPE }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": String(GrpcStatus.OK) }));
  const prefix = Buffer.alloc(5); // compressed flag 0, then the message length
  prefix.writeUInt32BE(message.length, 1);
  stream.end(Buffer.concat([prefix, message]));
}

/** The single length-prefixed message of a unary request body. */
function unframe(body: Buffer): Buffer {
  if (body.length < 5) throw new GrpcStatusError(GrpcStatus.INTERNAL, "request has no message");
  if (body[0] !== 0)
    throw new GrpcStatusError(GrpcStatus.UNIMPLEMENTED, "compressed messages are not supported");
  const length = body.readUInt32BE(1);
  if (body.length !== 5 + length)
    throw new GrpcStatusError(GrpcStatus.INTERNAL, "request is not exactly one message");
  return body.subarray(5);
}

/**
 * Mutual TLS with terraform's certificate pinned. Any CA list makes node build its root store for the context
 * (the bundled root CAs, or a copy of them plus `ca`): 35-45 ms of every provider start, measured with
 * --cpu-prof (`addCACerts`, `addRootCerts`). So the context gets no CA at all, the handshake asks for a client
 * certificate without checking its chain, and a connection reaches HTTP/2 only if the client presented exactly
 * the expected certificate: TLS has already proven that the client holds that certificate's private key.
 */
function pinnedTlsServer(
  options: NonNullable<GrpcServerOptions["tls"]>,
  log: Logger,
  serve: (socket: tls.TLSSocket) => void,
): tls.Server {
  const expected = new X509Certificate(options.clientCertPem).raw;
  const server = tls.createServer({
    key: options.keyPem,
    cert: options.certPem,
    // No CA at all: without `ca`, node would load its bundled root CAs into this context.
    ca: [],
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: "TLSv1.2",
    ALPNProtocols: ["h2"],
  });
  server.on("secureConnection", (socket) => {
    const presented = socket.getPeerX509Certificate()?.raw;
    if (presented && presented.equals(expected)) {
      serve(socket);
      return;
    }
    log.warn("TLS client refused", {
      error: presented ? "its certificate is not terraform's" : "it presented no certificate",
    });
    socket.destroy();
  });
  server.on("tlsClientError", (e) => log.warn("TLS handshake refused", { error: e }));
  return server;
}

export function createGrpcServer(routes: Map<string, UnaryHandler>, opts: GrpcServerOptions): GrpcServer {
  const server = http2.createServer();
  // With TLS, the listening server is the TLS one; it hands HTTP/2 only the connections it trusts.
  const listener = opts.tls
    ? pinnedTlsServer(opts.tls, opts.log, (socket) => server.emit("connection", socket))
    : server;
  const sessions = new Set<http2.ServerHttp2Session>();

  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
    session.on("error", (e) => opts.log.debug("connection error", { error: e }));
  });
  server.on("sessionError", (e) => opts.log.debug("connection error", { error: e }));

  server.on("stream", (stream, headers) => {
    stream.on("error", (e) => opts.log.debug("stream error", { error: e }));
    const path = String(headers[":path"]);
    const contentType = String(headers["content-type"] ?? "");
    if (headers[":method"] !== "POST" || !contentType.startsWith(GRPC_CONTENT_TYPE)) {
      stream.respond({ ":status": 415 }, { endStream: true });
      return;
    }
    const route = routes.get(path);
    if (!route) {
      stream.resume();
      sendStatus(stream, GrpcStatus.UNIMPLEMENTED, `method ${path} is not implemented by this provider`);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= opts.maxMessageBytes + 5) chunks.push(chunk);
    });
    stream.on("end", () => {
      if (size > opts.maxMessageBytes + 5) {
        sendStatus(
          stream,
          GrpcStatus.RESOURCE_EXHAUSTED,
          `request larger than ${opts.maxMessageBytes} bytes`,
        );
        return;
      }
      Promise.resolve()
        .then(() => route(unframe(Buffer.concat(chunks))))
        .then(
          (response) => sendMessage(stream, response),
          (e: unknown) => {
            const code = e instanceof GrpcStatusError ? e.code : GrpcStatus.INTERNAL;
            if (code === GrpcStatus.INTERNAL) opts.log.error("call failed", { path, error: e });
            sendStatus(stream, code, e instanceof Error ? e.message : String(e));
          },
        );
    });
  });

  return {
    listen: (socketPath) =>
      new Promise<void>((resolve, reject) => {
        listener.once("error", reject);
        listener.listen(socketPath, () => {
          listener.off("error", reject);
          resolve();
        });
      }),
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        listener.close(() => resolve());
        for (const s of sessions) s.close();
        const timer = setTimeout(() => {
          for (const s of sessions) s.destroy();
        }, graceMs);
        timer.unref();
      }),
  };
}
