import { connect, type Socket } from "node:net";
import { encodeHeaders } from "../../../../src/protocol/http2/hpack";

// A raw HTTP/2 client for the protocol tests: frames written byte by byte, frames read as they come, so a test
// can send what no real client would and see every frame the server answers with.

export const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

/** Frame types and flags by their RFC 9113 names, for readable tests. */
export const T = {
  DATA: 0x0,
  HEADERS: 0x1,
  PRIORITY: 0x2,
  RST_STREAM: 0x3,
  SETTINGS: 0x4,
  PUSH_PROMISE: 0x5,
  PING: 0x6,
  GOAWAY: 0x7,
  WINDOW_UPDATE: 0x8,
  CONTINUATION: 0x9,
} as const;
export const F = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4, PADDED: 0x8, PRIORITY: 0x20 } as const;

export interface Frame {
  type: number;
  flags: number;
  stream: number;
  payload: Buffer;
}

export function frame(
  type: number,
  flags: number,
  stream: number,
  payload: Buffer = Buffer.alloc(0),
): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
}
export const settings = (pairs: [number, number][]) => {
  const b = Buffer.alloc(6 * pairs.length);
  pairs.forEach(([id, value], i) => {
    b.writeUInt16BE(id, 6 * i);
    b.writeUInt32BE(value, 6 * i + 2);
  });
  return frame(0x4, 0, 0, b);
};
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
export const grpcMessage = (body: Buffer) => Buffer.concat([Buffer.from([0]), u32(body.length), body]);
export const requestHeaders = (path: string) =>
  encodeHeaders([
    [":method", "POST"],
    [":scheme", "http"],
    [":path", path],
    [":authority", "localhost"],
    ["content-type", "application/grpc"],
    ["te", "trailers"],
  ]);

/** A raw client: frames in, frames out, waiting on what arrives. */
export class RawClient {
  private readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(path: string) {
    this.socket = connect(path);
    this.socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      while (this.buffer.length >= 9 && this.buffer.length >= 9 + this.buffer.readUIntBE(0, 3)) {
        const length = this.buffer.readUIntBE(0, 3);
        this.frames.push({
          type: this.buffer[3],
          flags: this.buffer[4],
          stream: this.buffer.readUInt32BE(5) & 0x7fffffff,
          payload: this.buffer.subarray(9, 9 + length),
        });
        this.buffer = this.buffer.subarray(9 + length);
      }
      this.wake();
    });
    this.socket.on("close", () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on("error", () => undefined);
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(...bytes: Buffer[]) {
    this.socket.write(Buffer.concat(bytes));
  }

  /** Resolves with the first frame (after those already taken) matching `match`. */
  async next(match: (f: Frame) => boolean): Promise<Frame> {
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0];
      if (this.ended) throw new Error("connection closed before the frame arrived");
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async closed(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close() {
    this.socket.destroy();
  }
}
