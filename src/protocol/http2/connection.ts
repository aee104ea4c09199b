import type { Duplex } from "node:stream";
import {
  ACK,
  ConnectionError,
  DEFAULT_WINDOW,
  END_HEADERS,
  END_STREAM,
  ErrorCode,
  DEFAULT_MAX_FRAME_SIZE,
  FrameReader,
  frame,
  frameParts,
  MAX_FRAME_SIZE_LIMIT,
  MAX_HEADER_BLOCK,
  MAX_WINDOW,
  PADDED,
  PRIORITY_FLAG,
  RECEIVE_WINDOW,
  Setting,
  Type,
  u32,
  unpad,
} from "./frames";
import { HpackDecoder, HpackError, type HeaderList } from "./hpack";

// One HTTP/2 connection (RFC 9113), server side, for unary gRPC calls: a request is a HEADERS block and
// DATA up to END_STREAM; the answer is written in one piece (HEADERS, DATA, trailing HEADERS) whenever the
// peer's flow-control windows allow. No push, no priorities, no server-initiated streams.

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

interface Stream {
  id: number;
  headers: Map<string, string>;
  chunks: Buffer[];
  size: number;
  /** More than `maxBody` arrived: the body is dropped, the request still answered. */
  tooLarge: boolean;
  /** The client's END_STREAM arrived: the request is complete. */
  ended: boolean;
  sendWindow: number;
  /** Answer frames waiting for window: DATA payload still to send, then the trailers block. */
  pending?: { data: Buffer; trailers: Buffer | undefined };
}

export interface ConnectionOptions {
  /** Called when a request's body has ended; its stream stays open until `reply`. */
  onRequest(request: Http2Request): void;
  onError(e: Error): void;
  /** Bodies above this many bytes are not kept (the request is still answered, with `tooLarge` set). */
  maxBody: number;
}

/** Serves HTTP/2 on `socket` (already TLS-authenticated when TLS is on). */
export class Http2Connection {
  private readonly reader = new FrameReader();
  private readonly decoder = new HpackDecoder();
  private readonly streams = new Map<number, Stream>();
  private lastStreamId = 0;
  /** A header block being continued: its stream, flags and fragments. */
  private continuing?: { streamId: number; endStream: boolean; fragments: Buffer[]; size: number };
  private peerInitialWindow = DEFAULT_WINDOW;
  private peerMaxFrame = DEFAULT_MAX_FRAME_SIZE;
  private sendWindow = DEFAULT_WINDOW;
  private received = 0;
  private goingAway = false;
  private closed = false;

  constructor(
    private readonly socket: Duplex,
    private readonly opts: ConnectionOptions,
  ) {
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("error", (e) => this.opts.onError(e));
    socket.on("close", () => (this.closed = true));
    // Our one setting (the rest stay at the protocol's defaults), then the whole-connection window opened
    // as wide as the per-stream one.
    const settings = Buffer.alloc(6);
    settings.writeUInt16BE(Setting.INITIAL_WINDOW_SIZE, 0);
    settings.writeUInt32BE(RECEIVE_WINDOW, 2);
    this.write(
      Buffer.concat([
        frame(Type.SETTINGS, 0, 0, settings),
        frame(Type.WINDOW_UPDATE, 0, 0, u32(RECEIVE_WINDOW - DEFAULT_WINDOW)),
      ]),
    );
  }

  /** Stops taking new streams; the socket ends once the open ones are answered. */
  goAway(): void {
    if (this.goingAway) return;
    this.goingAway = true;
    this.write(frame(Type.GOAWAY, 0, 0, Buffer.concat([u32(this.lastStreamId), u32(ErrorCode.NO_ERROR)])));
    this.endIfIdle();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private write(bytes: Buffer): void {
    if (!this.closed) this.socket.write(bytes);
  }

  private endIfIdle(): void {
    if (this.goingAway && this.streams.size === 0 && !this.closed) this.socket.end();
  }

  private fail(e: unknown): void {
    const error =
      e instanceof ConnectionError
        ? e
        : e instanceof HpackError
          ? new ConnectionError(ErrorCode.COMPRESSION_ERROR, e.message)
          : new ConnectionError(ErrorCode.INTERNAL_ERROR, e instanceof Error ? e.message : String(e));
    this.opts.onError(error);
    const debug = Buffer.from(error.message.slice(0, 200), "utf8");
    this.write(frame(Type.GOAWAY, 0, 0, Buffer.concat([u32(this.lastStreamId), u32(error.code), debug])));
    this.socket.end();
    this.closed = true;
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    try {
      this.reader.push(chunk, (type, flags, streamId, payload) => {
        if (!this.closed) this.onFrame(type, flags, streamId, payload);
      });
    } catch (e) {
      this.fail(e);
    }
  }

  private onFrame(type: number, flags: number, streamId: number, payload: Buffer): void {
    if (this.continuing && type !== Type.CONTINUATION) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "header block interrupted");
    }
    switch (type) {
      case Type.SETTINGS:
        return this.onSettings(flags, streamId, payload);
      case Type.HEADERS:
        return this.onHeaders(flags, streamId, payload);
      case Type.CONTINUATION:
        return this.onContinuation(flags, streamId, payload);
      case Type.DATA:
        return this.onDataFrame(flags, streamId, payload);
      case Type.WINDOW_UPDATE:
        return this.onWindowUpdate(streamId, payload);
      case Type.PING:
        if (payload.length !== 8 || streamId !== 0) {
          throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "malformed PING");
        }
        if (!(flags & ACK)) this.write(frame(Type.PING, ACK, 0, payload));
        return;
      case Type.RST_STREAM:
        this.streams.delete(streamId);
        this.endIfIdle();
        return;
      case Type.GOAWAY:
        this.goAway();
        return;
      case Type.PUSH_PROMISE:
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "a client may not push");
      default:
        return; // PRIORITY and unknown frame types are ignored
    }
  }

  private onSettings(flags: number, streamId: number, payload: Buffer): void {
    if (streamId !== 0 || payload.length % 6 !== 0) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "malformed SETTINGS");
    }
    if (flags & ACK) return;
    for (let i = 0; i < payload.length; i += 6) {
      const id = payload.readUInt16BE(i);
      const value = payload.readUInt32BE(i + 2);
      if (id === Setting.INITIAL_WINDOW_SIZE) {
        if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "window too large");
        const delta = value - this.peerInitialWindow;
        this.peerInitialWindow = value;
        for (const s of this.streams.values()) s.sendWindow += delta;
      } else if (id === Setting.MAX_FRAME_SIZE) {
        if (value < DEFAULT_MAX_FRAME_SIZE || value > MAX_FRAME_SIZE_LIMIT) {
          throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "invalid MAX_FRAME_SIZE");
        }
        this.peerMaxFrame = value;
      }
      // HEADER_TABLE_SIZE concerns an encoder's table, and ours keeps none; the rest do not apply.
    }
    this.write(frame(Type.SETTINGS, ACK, 0, Buffer.alloc(0)));
    this.flushPending();
  }

  private onHeaders(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0 || streamId % 2 === 0) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "HEADERS on an invalid stream");
    }
    let fragment = payload;
    if (flags & PADDED) fragment = unpad(fragment);
    if (flags & PRIORITY_FLAG) {
      if (fragment.length < 5) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "short PRIORITY");
      fragment = fragment.subarray(5);
    }
    if (this.streams.has(streamId) || streamId <= this.lastStreamId) {
      // Trailers from a client, or a reused id: neither happens in a unary gRPC call.
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "HEADERS on a stream already opened");
    }
    this.lastStreamId = streamId;
    this.continuing = {
      streamId,
      endStream: (flags & END_STREAM) !== 0,
      fragments: [fragment],
      size: fragment.length,
    };
    if (flags & END_HEADERS) this.headerBlockDone();
  }

  private onContinuation(flags: number, streamId: number, payload: Buffer): void {
    const c = this.continuing;
    if (!c || c.streamId !== streamId) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "CONTINUATION without a header block");
    }
    c.fragments.push(payload);
    c.size += payload.length;
    if (c.size > MAX_HEADER_BLOCK)
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "header block too large");
    if (flags & END_HEADERS) this.headerBlockDone();
  }

  private headerBlockDone(): void {
    const c = this.continuing!;
    this.continuing = undefined;
    // Decoded even when the stream is refused: the decoder's table must see every block.
    const list: HeaderList = this.decoder.decode(
      c.fragments.length === 1 ? c.fragments[0] : Buffer.concat(c.fragments),
    );
    if (this.goingAway) {
      this.write(frame(Type.RST_STREAM, 0, c.streamId, u32(ErrorCode.REFUSED_STREAM)));
      return;
    }
    const headers = new Map<string, string>();
    for (const [name, value] of list) headers.set(name, value);
    const stream: Stream = {
      id: c.streamId,
      headers,
      chunks: [],
      size: 0,
      tooLarge: false,
      ended: false,
      sendWindow: this.peerInitialWindow,
    };
    this.streams.set(stream.id, stream);
    if (c.endStream) this.requestDone(stream);
  }

  private onDataFrame(flags: number, streamId: number, payload: Buffer): void {
    let data = payload;
    if (flags & PADDED) data = unpad(data);
    // The whole frame counts against the window, padding included.
    this.received += payload.length;
    if (this.received >= RECEIVE_WINDOW / 2) {
      this.write(frame(Type.WINDOW_UPDATE, 0, 0, u32(this.received)));
      this.received = 0;
    }
    const stream = this.streams.get(streamId);
    if (!stream) {
      if (streamId === 0 || streamId > this.lastStreamId) {
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "DATA on a stream never opened");
      }
      return; // a stream reset or already answered
    }
    if (stream.ended) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "DATA after END_STREAM");
    stream.size += data.length;
    if (stream.size > this.opts.maxBody) {
      stream.tooLarge = true;
      stream.chunks = [];
    } else if (data.length) {
      stream.chunks.push(data);
    }
    if (stream.size > RECEIVE_WINDOW) {
      throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "stream window exceeded");
    }
    if (flags & END_STREAM) this.requestDone(stream);
  }

  private onWindowUpdate(streamId: number, payload: Buffer): void {
    if (payload.length !== 4)
      throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "malformed WINDOW_UPDATE");
    const increment = payload.readUInt32BE(0) & 0x7fffffff;
    if (streamId === 0) {
      this.sendWindow += increment;
      if (this.sendWindow > MAX_WINDOW)
        throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "window overflow");
    } else {
      const stream = this.streams.get(streamId);
      if (stream) stream.sendWindow += increment;
    }
    this.flushPending();
  }

  private requestDone(stream: Stream): void {
    stream.ended = true;
    const body = stream.chunks.length === 1 ? stream.chunks[0] : Buffer.concat(stream.chunks);
    stream.chunks = [];
    let replied = false;
    this.opts.onRequest({
      headers: stream.headers,
      body,
      tooLarge: stream.tooLarge,
      reply: (response) => {
        if (replied) return;
        replied = true;
        this.reply(stream, response);
      },
    });
  }

  private reply(stream: Stream, response: Http2Response): void {
    if (this.closed || !this.streams.has(stream.id)) return;
    if (!response.body) {
      this.write(frame(Type.HEADERS, END_HEADERS | END_STREAM, stream.id, response.headers));
      this.finish(stream);
      return;
    }
    stream.pending = { data: response.body, trailers: response.trailers };
    this.sendPending(stream, frameParts(Type.HEADERS, END_HEADERS, stream.id, response.headers));
  }

  /** Sends what the windows allow of a stream's answer, in one write after the frame parts in `before`. */
  private sendPending(stream: Stream, before: Buffer[] = []): void {
    const pending = stream.pending!;
    const out = before;
    while (pending.data.length > 0) {
      const size = Math.min(pending.data.length, this.peerMaxFrame, stream.sendWindow, this.sendWindow);
      if (size <= 0) break;
      out.push(...frameParts(Type.DATA, 0, stream.id, pending.data.subarray(0, size)));
      pending.data = pending.data.subarray(size);
      stream.sendWindow -= size;
      this.sendWindow -= size;
    }
    const done = pending.data.length === 0;
    if (done) {
      out.push(
        ...(pending.trailers
          ? frameParts(Type.HEADERS, END_HEADERS | END_STREAM, stream.id, pending.trailers)
          : frameParts(Type.DATA, END_STREAM, stream.id, Buffer.alloc(0))),
      );
    }
    if (out.length) this.write(Buffer.concat(out));
    if (done) this.finish(stream);
  }

  private flushPending(): void {
    for (const stream of this.streams.values()) {
      if (stream.pending && this.sendWindow > 0) this.sendPending(stream);
    }
  }

  private finish(stream: Stream): void {
    this.streams.delete(stream.id);
    this.endIfIdle();
  }
}
