import type { Duplex } from "node:stream";
import {
  ACK,
  ConnectionError,
  DEFAULT_WINDOW,
  END_HEADERS,
  END_STREAM,
  ErrorCode,
  FrameReader,
  frame,
  MAX_CONCURRENT_STREAMS,
  MAX_HEADER_BLOCK,
  MAX_WINDOW,
  PADDED,
  PRIORITY_FLAG,
  RECEIVE_WINDOW,
  readSettings,
  serverSettings,
  StreamError,
  Type,
  u32,
  unpad,
} from "./frames";
import { AnswerWriter } from "./answer-writer";
import { HpackDecoder, HpackError, type HeaderList } from "./hpack";
import type { ConnectionOptions, HeaderBlock, Http2Response, Stream } from "./types";

// One HTTP/2 connection (RFC 9113), server side, written for one job: unary gRPC calls from one trusted peer,
// terraform's grpc-go client, over a unix socket with mutual TLS pinned to terraform's certificate
// (../pinned-tls-listener.ts). This file is the receive side: frames checked and read into requests, a
// request being a HEADERS block and DATA up to END_STREAM. The answer is written in one piece (HEADERS, DATA,
// trailing HEADERS) whenever the peer's flow-control windows allow, by answer-writer.ts.
//
// It is NOT a general HTTP/2 server: no server push, no priority scheduling (PRIORITY is checked, then
// ignored), no server-initiated streams, no streaming bodies (a request reaches the handler whole), no
// request trailers (accepted and dropped), no checks of a request's pseudo-headers beyond what gRPC routing
// reads. What it meets of RFC 9113 and RFC 7541, and where it is lenient and why, is one table:
// docs/dev/HTTP2-CONFORMANCE.md, each row a test (test/integration/protocol/http2-conformance.test.ts).

/**
 * How many ids of streams this side reset are remembered: the peer may have sent frames on them before it saw
 * the RST_STREAM, which the RFC says to ignore (§5.1), while a frame on any other closed stream is an error.
 */
const RESET_IDS_KEPT = 1024;

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
  private readonly answers: AnswerWriter;
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
    this.answers = new AnswerWriter(
      (bytes) => this.write(bytes),
      (stream) => this.finish(stream),
    );
    // Our settings, then the whole-connection window opened as wide as the per-stream one.
    this.write(
      Buffer.concat([
        serverSettings(),
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
    const settings = readSettings(flags, streamId, payload);
    if (!settings) return; // our SETTINGS acknowledged
    if (settings.initialWindow !== undefined) {
      const delta = settings.initialWindow - this.peerInitialWindow;
      this.peerInitialWindow = settings.initialWindow;
      for (const s of this.streams.values()) {
        s.sendWindow += delta;
        if (s.sendWindow > MAX_WINDOW) {
          throw new ConnectionError(
            ErrorCode.FLOW_CONTROL_ERROR,
            "INITIAL_WINDOW_SIZE overflows a stream window",
          );
        }
      }
    }
    if (settings.maxFrame !== undefined) this.answers.peerMaxFrame = settings.maxFrame;
    this.write(frame(Type.SETTINGS, ACK, 0, Buffer.alloc(0)));
    this.answers.flush(this.streams.values());
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
      this.answers.openConnectionWindow(increment);
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
    this.answers.flush(this.streams.values());
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
    this.answers.reply(stream, response);
  }

  private finish(stream: Stream): void {
    this.streams.delete(stream.id);
    this.endIfIdle();
  }
}
