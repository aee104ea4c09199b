// The shapes the HTTP/2 connection (connection.ts) shares with its answer writer (answer-writer.ts) and
// its caller (../grpc-unary.ts): a request as the handler gets it, an answer, and a stream's state.

/** A finished request: its headers and body (empty when `tooLarge`). `reply` answers it (once). */
export interface Http2Request {
  headers: Map<string, string>;
  body: Buffer;
  tooLarge: boolean;
  reply(response: Http2Response): void;
}

/** An answer: header blocks encoded with `encodeHeaders`; without a body, the headers end the stream. */
export interface Http2Response {
  headers: Buffer;
  body?: Buffer;
  trailers?: Buffer;
}

export interface Stream {
  id: number;
  headers: Map<string, string>;
  chunks: Buffer[];
  size: number;
  /** DATA payload received, padding included: what the peer has spent of this stream's receive window. */
  windowUsed: number;
  /** More than `maxBody` arrived: the body is dropped, the request still answered. */
  tooLarge: boolean;
  /** The client's END_STREAM arrived: the request is complete (the stream is half-closed, remote). */
  ended: boolean;
  sendWindow: number;
  /** Answer frames waiting for window: DATA payload still to send, then the trailers block. */
  pending?: { data: Buffer; trailers: Buffer | undefined };
}

/** A header block being received, until END_HEADERS. */
export interface HeaderBlock {
  streamId: number;
  endStream: boolean;
  /** The block opens a new stream (else: trailers, or a block on a stream this side reset). */
  opens: boolean;
  /** Its priority fields made the stream depend on itself (a stream error once the block is decoded). */
  selfDependent: boolean;
  fragments: Buffer[];
  size: number;
}

export interface ConnectionOptions {
  /** Called when a request's body has ended; its stream stays open until `reply`. */
  onRequest(request: Http2Request): void;
  onError(e: Error): void;
  /** Bodies above this many bytes are not kept (the request is still answered, with `tooLarge` set). */
  maxBody: number;
}
