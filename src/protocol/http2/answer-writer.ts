import {
  ConnectionError,
  DEFAULT_MAX_FRAME_SIZE,
  DEFAULT_WINDOW,
  END_HEADERS,
  END_STREAM,
  ErrorCode,
  frameParts,
  MAX_WINDOW,
  Type,
} from "./frames";
import type { Http2Response, Stream } from "./types";

// The send side of an HTTP/2 connection (connection.ts): answers written as HEADERS, DATA and trailing
// HEADERS within the peer's frame size and flow-control windows, the rest kept on the stream until a
// WINDOW_UPDATE or SETTINGS lets it go. The connection decides whether a stream may still be answered; this
// writer only frames and paces.

export class AnswerWriter {
  /** The peer's SETTINGS_MAX_FRAME_SIZE. */
  peerMaxFrame = DEFAULT_MAX_FRAME_SIZE;
  /** What the peer's connection window still allows this side to send. */
  private sendWindow = DEFAULT_WINDOW;

  constructor(
    private readonly write: (bytes: Buffer) => void,
    /** Called once a stream's answer is written in full. */
    private readonly finish: (stream: Stream) => void,
  ) {}

  reply(stream: Stream, response: Http2Response): void {
    if (!response.body) {
      this.write(Buffer.concat(this.headerFrames(stream.id, END_STREAM, response.headers)));
      this.finish(stream);
      return;
    }
    stream.pending = { data: response.body, trailers: response.trailers };
    this.sendPending(stream, this.headerFrames(stream.id, 0, response.headers));
  }

  /** A WINDOW_UPDATE on stream 0 (its increment already checked to be above 0). */
  openConnectionWindow(increment: number): void {
    this.sendWindow += increment;
    if (this.sendWindow > MAX_WINDOW) {
      throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "connection window above 2^31-1");
    }
  }

  /** Sends what the windows now allow of every answer still waiting. */
  flush(streams: Iterable<Stream>): void {
    for (const stream of streams) {
      if (stream.pending && this.sendWindow > 0) this.sendPending(stream);
    }
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
}
