import * as net from "node:net";
import type { Logger } from "../terraform-model";
import { Http2Connection } from "./http2/connection";
import type { Http2Request, Http2Response } from "./http2/types";
import { encodeHeaders, STATIC_CONTENT_TYPE, STATIC_STATUS_200, type HeaderFields } from "./http2/hpack";
import { pinnedTlsListener, type PinnedTls } from "./pinned-tls-listener";

// Unary gRPC, framing and routing: a request's one length-prefixed message to the handler its :path names, its
// answer back with the grpc-status trailers, on the HTTP/2 server written here (./http2), over a unix socket or
// ./pinned-tls-listener.ts. A minimal gRPC server (unary calls only), as the HTTP/2 server is minimal.
// grpc-js took about twice a bare node start to load from a bundle (start-up budget: 3x node), and
// terraform (grpc-go) makes only unary calls to a provider. node:http2 served them until it showed as
// the provider's largest cost at stack scale, its CPU per unary call before any of our code dearer than
// this whole server's call (the figures: docs/dev/ARCHITECTURE.md §8), four calls per instance in a plan.
// Tests use grpc-js and node's HTTP/2 client as clients.

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
  /** Mutual TLS with terraform's certificate pinned; plain unix socket without. */
  tls?: PinnedTls;
}

export interface GrpcServer {
  listen(socketPath: string): Promise<void>;
  /** Stops accepting calls, lets running ones finish for up to graceMs, then cuts connections. */
  close(graceMs: number): Promise<void>;
}

const GRPC_CONTENT_TYPE = "application/grpc";
const GRPC_HEADERS = [STATIC_STATUS_200, [STATIC_CONTENT_TYPE, GRPC_CONTENT_TYPE]] satisfies HeaderFields;
const MESSAGE_HEADERS = encodeHeaders(GRPC_HEADERS);
const OK_TRAILERS = encodeHeaders([["grpc-status", String(GrpcStatus.OK)]]);
const UNSUPPORTED_MEDIA_TYPE = encodeHeaders([[":status", "415"]]);

/**
 * The most of an error's message sent in grpc-message: a message may quote the request (a 200 KB service name
 * in a HealthCheck), and clients refuse header lists above their limit (node's: 64 KiB), dropping the answer.
 */
const MAX_STATUS_MESSAGE = 1024;

/** A "trailers-only" answer: the status travels in the only HEADERS frame. */
function statusResponse(code: number, message: string): Http2Response {
  const shown = message.length > MAX_STATUS_MESSAGE ? `${message.slice(0, MAX_STATUS_MESSAGE)}…` : message;
  return {
    headers: encodeHeaders([
      ...GRPC_HEADERS,
      ["grpc-status", String(code)],
      ["grpc-message", encodeURIComponent(shown)],
    ]),
  };
}

function messageResponse(message: Buffer): Http2Response {
  const body = Buffer.allocUnsafe(5 + message.length);
  body[0] = 0; // not compressed, then the message length
  body.writeUInt32BE(message.length, 1);
  message.copy(body, 5);
  return { headers: MESSAGE_HEADERS, body, trailers: OK_TRAILERS };
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

export function createGrpcServer(routes: Map<string, UnaryHandler>, opts: GrpcServerOptions): GrpcServer {
  const connections = new Set<Http2Connection>();
  const serve = (socket: net.Socket) => {
    const connection = new Http2Connection(socket, {
      maxBody: opts.maxMessageBytes + 5,
      onRequest: (request) => answer(request),
      onError: (e) => opts.log.debug("connection error", { error: e }),
    });
    connections.add(connection);
    socket.on("close", () => connections.delete(connection));
  };
  const answer = (request: Http2Request) => {
    const path = request.headers.get(":path") ?? "";
    const contentType = request.headers.get("content-type") ?? "";
    if (request.headers.get(":method") !== "POST" || !contentType.startsWith(GRPC_CONTENT_TYPE)) {
      request.reply({ headers: UNSUPPORTED_MEDIA_TYPE });
      return;
    }
    const route = routes.get(path);
    if (!route) {
      request.reply(
        statusResponse(GrpcStatus.UNIMPLEMENTED, `method ${path} is not implemented by this provider`),
      );
      return;
    }
    if (request.tooLarge) {
      request.reply(
        statusResponse(GrpcStatus.RESOURCE_EXHAUSTED, `request larger than ${opts.maxMessageBytes} bytes`),
      );
      return;
    }
    Promise.resolve()
      .then(() => route(unframe(request.body)))
      .then(
        (response) => request.reply(messageResponse(response)),
        (e: unknown) => {
          const code = e instanceof GrpcStatusError ? e.code : GrpcStatus.INTERNAL;
          if (code === GrpcStatus.INTERNAL) opts.log.error("call failed", { path, error: e });
          request.reply(statusResponse(code, e instanceof Error ? e.message : String(e)));
        },
      );
  };
  const listener = opts.tls ? pinnedTlsListener(opts.tls, opts.log, serve) : net.createServer(serve);

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
        for (const c of connections) c.goAway();
        const timer = setTimeout(() => {
          for (const c of connections) c.destroy();
        }, graceMs);
        timer.unref();
      }),
  };
}
