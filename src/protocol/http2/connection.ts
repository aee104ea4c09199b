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
  MAX_CONCURRENT_STREAMS,
  MAX_HEADER_BLOCK,
  MAX_WINDOW,
  PADDED,
  PRIORITY_FLAG,
  RECEIVE_WINDOW,
  Setting,
  StreamError,
  Type,
  u32,
  unpad,
} from "./frames";
import { HpackDecoder, HpackError, type HeaderList } from "./hpack";

// One HTTP/2 connection (RFC 9113), server side, written for one job: unary gRPC calls from one trusted peer,
// terraform's grpc-go client, over a unix socket with mutual TLS pinned to terraform's certificate
// (../transport.ts). A request is a HEADERS block and DATA up to END_STREAM; the answer is written in one piece
// (HEADERS, DATA, trailing HEADERS) whenever the peer's flow-control windows allow.
//
// It is NOT a general HTTP/2 server: no server push, no priority scheduling (PRIORITY is checked, then
// ignored), no server-initiated streams, no streaming bodies (a request reaches the handler whole), no
// request trailers (accepted and dropped), no checks of a request's pseudo-headers beyond what gRPC routing
// reads. What it meets of RFC 9113 and RFC 7541, and where it is lenient and why, is one table:
// docs/dev/HTTP2-CONFORMANCE.md, each row a test (test/integration/protocol/http2-conformance.test.ts).

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
interface HeaderBlock {
  streamId: number;
  endStream: boolean;
  /** The block opens a new stream (else: trailers, or a block on a stream this side reset). */
  opens: boolean;
  /** Its priority fields made the stream depend on itself (a stream error once the block is decoded). */
  selfDependent: boolean;
  fragments: Buffer[];
  size: number;
}

/**
 * How many ids of streams this side reset are remembered: the peer may have sent frames on them before it saw
 * the RST_STREAM, which the RFC says to ignore (§5.1), while a frame on any other closed stream is an error.
 */
const RESET_IDS_KEPT = 1024;

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
  /** Ids of streams this side reset, oldest first, at most RESET_IDS_KEPT. */
  private readonly resetIds = new Set<number>();
  private lastStreamId = 0;
  private continuing?: HeaderBlock;
  private peerInitialWindow = DEFAULT_WINDOW;
  private peerMaxFrame = DEFAULT_MAX_FRAME_SIZE;
  private sendWindow = DEFAULT_WINDOW;
  /** DATA received since this side last opened the connection's receive window again. */
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
    // Our settings (the rest stay at the protocol's defaults), then the whole-connection window opened as
    // wide as the per-stream one.
    const settings = Buffer.alloc(12);
    settings.writeUInt16BE(Setting.INITIAL_WINDOW_SIZE, 0);
    settings.writeUInt32BE(RECEIVE_WINDOW, 2);
    settings.writeUInt16BE(Setting.MAX_CONCURRENT_STREAMS, 6);
    settings.writeUInt32BE(MAX_CONCURRENT_STREAMS, 8);
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
    if (this.goingAway && this.streams.size === 0 && !this.closed) {
      this.socket.end();
      this.closed = true; // nothing more may be written, nor read
    }
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

  /** Ends one stream with RST_STREAM; an answer its handler gives later is dropped. */
  private reset(streamId: number, code: ErrorCode): void {
    this.write(frame(Type.RST_STREAM, 0, streamId, u32(code)));
    this.streams.delete(streamId);
    if (streamId <= this.lastStreamId) {
      if (this.resetIds.size >= RESET_IDS_KEPT) this.resetIds.delete(this.resetIds.values().next().value!);
      this.resetIds.add(streamId);
    }
    this.endIfIdle();
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    try {
      this.reader.push(chunk, (type, flags, streamId, payload) => {
        if (this.closed) return;
        try {
          this.onFrame(type, flags, streamId, payload);
        } catch (e) {
          if (!(e instanceof StreamError)) throw e;
          this.reset(e.streamId, e.code);
        }
      });
    } catch (e) {
      this.fail(e);
    }
  }

  /** A stream the peer has not opened yet (§5.1 "idle"); clients open odd ids only, in increasing order. */
  private isIdle(streamId: number): boolean {
    return streamId > this.lastStreamId || streamId % 2 === 0;
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
        if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "PING on a stream");
        if (payload.length !== 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "PING not 8 bytes");
        if (!(flags & ACK)) this.write(frame(Type.PING, ACK, 0, payload));
        return;
      case Type.RST_STREAM:
        return this.onRstStream(streamId, payload);
      case Type.PRIORITY:
        return this.onPriority(streamId, payload);
      case Type.GOAWAY:
        if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "GOAWAY on a stream");
        if (payload.length < 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "GOAWAY too short");
        this.goAway();
        return;
      case Type.PUSH_PROMISE:
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "a client may not push");
      default:
        return; // unknown frame types are ignored (§4.1)
    }
  }

  private onSettings(flags: number, streamId: number, payload: Buffer): void {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "SETTINGS on a stream");
    if (flags & ACK) {
      if (payload.length !== 0) {
        throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "SETTINGS ACK with a payload");
      }
      return;
    }
    if (payload.length % 6 !== 0) {
      throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "SETTINGS length not a multiple of 6");
    }
    for (let i = 0; i < payload.length; i += 6) {
      const id = payload.readUInt16BE(i);
      const value = payload.readUInt32BE(i + 2);
      if (id === Setting.INITIAL_WINDOW_SIZE) {
        if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "window too large");
        const delta = value - this.peerInitialWindow;
        this.peerInitialWindow = value;
        for (const s of this.streams.values()) {
          s.sendWindow += delta;
          if (s.sendWindow > MAX_WINDOW) {
            throw new ConnectionError(
              ErrorCode.FLOW_CONTROL_ERROR,
              "INITIAL_WINDOW_SIZE overflows a stream window",
            );
          }
        }
      } else if (id === Setting.MAX_FRAME_SIZE) {
        if (value < DEFAULT_MAX_FRAME_SIZE || value > MAX_FRAME_SIZE_LIMIT) {
          throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "invalid MAX_FRAME_SIZE");
        }
        this.peerMaxFrame = value;
      } else if (id === Setting.ENABLE_PUSH && value > 1) {
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "ENABLE_PUSH neither 0 nor 1");
      }
      // HEADER_TABLE_SIZE concerns an encoder's table, and ours keeps none; this side never pushes nor opens
      // streams, so ENABLE_PUSH and MAX_CONCURRENT_STREAMS ask nothing of it; unknown settings are ignored.
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
    let selfDependent = false;
    if (flags & PRIORITY_FLAG) {
      if (fragment.length < 5)
        throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "HEADERS too short for its priority");
      selfDependent = (fragment.readUInt32BE(0) & 0x7fffffff) === streamId;
      fragment = fragment.subarray(5);
    }
    const opens = streamId > this.lastStreamId;
    if (!opens && !this.streams.has(streamId) && !this.resetIds.has(streamId)) {
      // §5.1.1: a new stream's id must be above every id the client used before.
      throw new ConnectionError(
        ErrorCode.PROTOCOL_ERROR,
        "HEADERS on a closed stream or a stream id going backwards",
      );
    }
    if (opens) this.lastStreamId = streamId;
    this.continuing = {
      streamId,
      endStream: (flags & END_STREAM) !== 0,
      opens,
      selfDependent,
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
    // Decoded whatever becomes of the stream: the decoder's table must see every block.
    const list: HeaderList = this.decoder.decode(
      c.fragments.length === 1 ? c.fragments[0] : Buffer.concat(c.fragments),
    );
    if (!c.opens) return this.trailersDone(c);
    if (c.selfDependent)
      throw new StreamError(c.streamId, ErrorCode.PROTOCOL_ERROR, "stream depends on itself");
    if (this.goingAway || this.streams.size >= MAX_CONCURRENT_STREAMS) {
      return this.reset(c.streamId, ErrorCode.REFUSED_STREAM);
    }
    const headers = new Map<string, string>();
    for (const [name, value] of list) headers.set(name, value);
    const stream: Stream = {
      id: c.streamId,
      headers,
      chunks: [],
      size: 0,
      windowUsed: 0,
      tooLarge: false,
      ended: false,
      sendWindow: this.peerInitialWindow,
    };
    this.streams.set(stream.id, stream);
    if (c.endStream) this.requestDone(stream);
  }

  /** A header block on a stream already open: trailers (dropped: a unary gRPC request has none). */
  private trailersDone(c: HeaderBlock): void {
    const stream = this.streams.get(c.streamId);
    if (!stream) return; // a stream this side reset
    if (stream.ended) throw new StreamError(c.streamId, ErrorCode.STREAM_CLOSED, "HEADERS after END_STREAM");
    if (!c.endStream) {
      throw new StreamError(c.streamId, ErrorCode.PROTOCOL_ERROR, "trailers without END_STREAM");
    }
    this.requestDone(stream);
  }

  private onDataFrame(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0 || this.isIdle(streamId)) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "DATA on a stream never opened");
    }
    const data = flags & PADDED ? unpad(payload) : payload;
    // The whole frame counts against the windows, padding included, whatever the stream's state.
    this.received += payload.length;
    if (this.received > RECEIVE_WINDOW) {
      throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "connection window exceeded");
    }
    if (this.received >= RECEIVE_WINDOW / 2) {
      this.write(frame(Type.WINDOW_UPDATE, 0, 0, u32(this.received)));
      this.received = 0;
    }
    const stream = this.streams.get(streamId);
    if (!stream) {
      if (this.resetIds.has(streamId)) return; // sent before the peer saw our RST_STREAM
      throw new ConnectionError(ErrorCode.STREAM_CLOSED, "DATA on a closed stream");
    }
    if (stream.ended) throw new StreamError(streamId, ErrorCode.STREAM_CLOSED, "DATA after END_STREAM");
    // Stream windows are never opened again: a body the server keeps is far smaller than the window.
    stream.windowUsed += payload.length;
    if (stream.windowUsed > RECEIVE_WINDOW) {
      throw new StreamError(streamId, ErrorCode.FLOW_CONTROL_ERROR, "stream window exceeded");
    }
    stream.size += data.length;
    if (stream.size > this.opts.maxBody) {
      stream.tooLarge = true;
      stream.chunks = [];
    } else if (data.length) {
      stream.chunks.push(data);
    }
    if (flags & END_STREAM) this.requestDone(stream);
  }

  private onWindowUpdate(streamId: number, payload: Buffer): void {
    if (payload.length !== 4) {
      throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "WINDOW_UPDATE not 4 bytes");
    }
    const increment = payload.readUInt32BE(0) & 0x7fffffff;
    if (streamId === 0) {
      if (increment === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "WINDOW_UPDATE of 0");
      this.sendWindow += increment;
      if (this.sendWindow > MAX_WINDOW) {
        throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "connection window above 2^31-1");
      }
    } else {
      if (this.isIdle(streamId)) {
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "WINDOW_UPDATE on a stream never opened");
      }
      const stream = this.streams.get(streamId);
      if (!stream) return; // closed: the peer may not have seen the end yet
      if (increment === 0) throw new StreamError(streamId, ErrorCode.PROTOCOL_ERROR, "WINDOW_UPDATE of 0");
      stream.sendWindow += increment;
      if (stream.sendWindow > MAX_WINDOW) {
        throw new StreamError(streamId, ErrorCode.FLOW_CONTROL_ERROR, "stream window above 2^31-1");
      }
    }
    this.flushPending();
  }

  private onRstStream(streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "RST_STREAM on stream 0");
    if (payload.length !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "RST_STREAM not 4 bytes");
    if (this.isIdle(streamId)) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "RST_STREAM on a stream never opened");
    }
    this.streams.delete(streamId);
    this.endIfIdle();
  }

  /** Checked (§6.3), then ignored: this server answers in arrival order, whatever the priorities. */
  private onPriority(streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "PRIORITY on stream 0");
    if (payload.length !== 5)
      throw new StreamError(streamId, ErrorCode.FRAME_SIZE_ERROR, "PRIORITY not 5 bytes");
    if ((payload.readUInt32BE(0) & 0x7fffffff) === streamId) {
      throw new StreamError(streamId, ErrorCode.PROTOCOL_ERROR, "stream depends on itself");
    }
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
    if (this.closed || this.streams.get(stream.id) !== stream) return;
    if (!response.body) {
      this.write(Buffer.concat(this.headerFrames(stream.id, END_STREAM, response.headers)));
      this.finish(stream);
      return;
    }
    stream.pending = { data: response.body, trailers: response.trailers };
    this.sendPending(stream, this.headerFrames(stream.id, 0, response.headers));
  }

  /**
   * A header block as frame parts: one HEADERS frame, or (above the peer's frame size limit, §4.2) HEADERS
   * then CONTINUATION frames. `flags`: END_STREAM or 0.
   */
  private headerFrames(streamId: number, flags: number, block: Buffer): Buffer[] {
    if (block.length <= this.peerMaxFrame)
      return frameParts(Type.HEADERS, flags | END_HEADERS, streamId, block);
    const parts: Buffer[] = [];
    for (let at = 0; at < block.length; at += this.peerMaxFrame) {
      const last = at + this.peerMaxFrame >= block.length;
      parts.push(
        ...frameParts(
          at === 0 ? Type.HEADERS : Type.CONTINUATION,
          (at === 0 ? flags : 0) | (last ? END_HEADERS : 0),
          streamId,
          block.subarray(at, at + this.peerMaxFrame),
        ),
      );
    }
    return parts;
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
          ? this.headerFrames(stream.id, END_STREAM, pending.trailers)
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
