// HTTP/2 (RFC 9113) frame types, flags, settings, error codes and limits, the frame writer and the frame
// reader, for the provider's HTTP/2 server (connection.ts says what that server is for, and is not).

export const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");
export const FRAME_HEADER = 9;

export enum Type {
  DATA = 0x0,
  HEADERS = 0x1,
  PRIORITY = 0x2,
  RST_STREAM = 0x3,
  SETTINGS = 0x4,
  PUSH_PROMISE = 0x5,
  PING = 0x6,
  GOAWAY = 0x7,
  WINDOW_UPDATE = 0x8,
  CONTINUATION = 0x9,
}
export const END_STREAM = 0x1;
export const ACK = 0x1;
export const END_HEADERS = 0x4;
export const PADDED = 0x8;
export const PRIORITY_FLAG = 0x20;

export enum Setting {
  HEADER_TABLE_SIZE = 0x1,
  ENABLE_PUSH = 0x2,
  MAX_CONCURRENT_STREAMS = 0x3,
  INITIAL_WINDOW_SIZE = 0x4,
  MAX_FRAME_SIZE = 0x5,
}
export enum ErrorCode {
  NO_ERROR = 0x0,
  PROTOCOL_ERROR = 0x1,
  INTERNAL_ERROR = 0x2,
  FLOW_CONTROL_ERROR = 0x3,
  STREAM_CLOSED = 0x5,
  FRAME_SIZE_ERROR = 0x6,
  REFUSED_STREAM = 0x7,
  CANCEL = 0x8,
  COMPRESSION_ERROR = 0x9,
}

export const DEFAULT_WINDOW = 65_535;
export const MAX_WINDOW = 2 ** 31 - 1;
/** What this side lets a peer send, per stream and in all: far above any request (the server caps those). */
export const RECEIVE_WINDOW = 2 ** 30;
/**
 * The protocol's default frame size limit: the largest frame this side accepts (it never raises it), and
 * the largest it sends until the peer's SETTINGS allow more.
 */
export const DEFAULT_MAX_FRAME_SIZE = 16_384;
export const MAX_FRAME_SIZE_LIMIT = 2 ** 24 - 1;
/** Largest header block accepted (terraform's are a few hundred bytes). */
export const MAX_HEADER_BLOCK = 64 * 1024;
/**
 * SETTINGS_MAX_CONCURRENT_STREAMS advertised and enforced (the RFC's recommended floor is 100). terraform runs at
 * most -parallelism (default 10) provider calls at once, plus the odd StopProvider; its grpc-go client queues
 * calls beyond the server's limit rather than failing them, so a larger -parallelism waits, never errs.
 */
export const MAX_CONCURRENT_STREAMS = 128;

/** An error that ends the whole connection (RFC 9113 §5.4.1): a GOAWAY with `code`, then the socket closes. */
export class ConnectionError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An error that ends one stream (RFC 9113 §5.4.2): a RST_STREAM with `code`; the connection carries on. */
export class StreamError extends Error {
  constructor(
    readonly streamId: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A frame as its 9-byte header and its payload, for one write of many frames without copying payloads. */
export function frameParts(type: Type, flags: number, streamId: number, payload: Buffer): [Buffer, Buffer] {
  const header = Buffer.allocUnsafe(FRAME_HEADER);
  header.writeUIntBE(payload.length, 0, 3);
  header[3] = type;
  header[4] = flags;
  header.writeUInt32BE(streamId, 5);
  return [header, payload];
}

export function frame(type: Type, flags: number, streamId: number, payload: Buffer): Buffer {
  return Buffer.concat(frameParts(type, flags, streamId, payload));
}

export function u32(value: number): Buffer {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(value, 0);
  return b;
}

/** A frame's payload without its padding (the PADDED flag's pad length byte and trailing zeros). */
export function unpad(payload: Buffer): Buffer {
  if (payload.length < 1)
    throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "padded frame without a pad length");
  if (payload[0] >= payload.length) {
    throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "padding as long as the frame");
  }
  return payload.subarray(1, payload.length - payload[0]);
}

/** This server's SETTINGS (the rest stay at the protocol's defaults): its stream window and stream limit. */
export function serverSettings(): Buffer {
  const payload = Buffer.alloc(12);
  payload.writeUInt16BE(Setting.INITIAL_WINDOW_SIZE, 0);
  payload.writeUInt32BE(RECEIVE_WINDOW, 2);
  payload.writeUInt16BE(Setting.MAX_CONCURRENT_STREAMS, 6);
  payload.writeUInt32BE(MAX_CONCURRENT_STREAMS, 8);
  return frame(Type.SETTINGS, 0, 0, payload);
}

/**
 * A peer's SETTINGS frame checked on its own (§6.5, §6.5.2): undefined for an ACK, else the values this server
 * acts on. HEADER_TABLE_SIZE concerns an encoder's table, and ours keeps none; this side never pushes nor
 * opens streams, so ENABLE_PUSH (once checked) and MAX_CONCURRENT_STREAMS ask nothing of it; unknown settings
 * are ignored.
 */
export function readSettings(
  flags: number,
  streamId: number,
  payload: Buffer,
): { initialWindow?: number; maxFrame?: number } | undefined {
  if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "SETTINGS on a stream");
  if (flags & ACK) {
    if (payload.length !== 0)
      throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "SETTINGS ACK with a payload");
    return undefined;
  }
  if (payload.length % 6 !== 0) {
    throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "SETTINGS length not a multiple of 6");
  }
  const values: { initialWindow?: number; maxFrame?: number } = {};
  for (let i = 0; i < payload.length; i += 6) {
    const id = payload.readUInt16BE(i);
    const value = payload.readUInt32BE(i + 2);
    if (id === Setting.INITIAL_WINDOW_SIZE) {
      if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, "window too large");
      values.initialWindow = value;
    } else if (id === Setting.MAX_FRAME_SIZE) {
      if (value < DEFAULT_MAX_FRAME_SIZE || value > MAX_FRAME_SIZE_LIMIT) {
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "invalid MAX_FRAME_SIZE");
      }
      values.maxFrame = value;
    } else if (id === Setting.ENABLE_PUSH && value > 1) {
      throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "ENABLE_PUSH neither 0 nor 1");
    }
  }
  return values;
}

/** Splits what a client sends into frames, after checking its connection preface. */
export class FrameReader {
  private buffered = Buffer.alloc(0);
  private prefaceSeen = false;

  /** Bytes held for the next chunk: at most one frame's header and payload. */
  get bufferedBytes(): number {
    return this.buffered.length;
  }

  /** Calls `onFrame` for each whole frame that `chunk` completes; keeps the rest for the next chunk. */
  push(
    chunk: Buffer,
    onFrame: (type: number, flags: number, streamId: number, payload: Buffer) => void,
  ): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    if (!this.prefaceSeen) {
      const seen = this.buffered.subarray(0, PREFACE.length);
      if (!PREFACE.subarray(0, seen.length).equals(seen)) {
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, "not an HTTP/2 client preface");
      }
      if (seen.length < PREFACE.length) return;
      this.prefaceSeen = true;
      this.buffered = this.buffered.subarray(PREFACE.length);
    }
    let pos = 0;
    while (this.buffered.length - pos >= FRAME_HEADER) {
      const length = this.buffered.readUIntBE(pos, 3);
      if (length > DEFAULT_MAX_FRAME_SIZE) {
        throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, "frame larger than SETTINGS_MAX_FRAME_SIZE");
      }
      if (this.buffered.length - pos < FRAME_HEADER + length) break;
      const payload = this.buffered.subarray(pos + FRAME_HEADER, pos + FRAME_HEADER + length);
      onFrame(
        this.buffered[pos + 3],
        this.buffered[pos + 4],
        this.buffered.readUInt32BE(pos + 5) & 0x7fffffff,
        payload,
      );
      pos += FRAME_HEADER + length;
    }
    this.buffered = pos === this.buffered.length ? Buffer.alloc(0) : this.buffered.subarray(pos);
  }
}
