import { connect, type Socket } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../../src/terraform-model";
import { createGrpcServer, type GrpcServer } from "../../../src/protocol/grpc-unary";
import { encodeHeaders, HpackDecoder } from "../../../src/protocol/http2/hpack";

// The provider's HTTP/2 server seen frame by frame, for what terraform's client may do and node's client
// does not show: padding, header blocks split into CONTINUATION frames, PING, a window smaller than the
// answer, a reset stream, a broken preface.

const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

interface Frame {
  type: number;
  flags: number;
  stream: number;
  payload: Buffer;
}

function frame(type: number, flags: number, stream: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
}
const settings = (pairs: [number, number][]) => {
  const b = Buffer.alloc(6 * pairs.length);
  pairs.forEach(([id, value], i) => {
    b.writeUInt16BE(id, 6 * i);
    b.writeUInt32BE(value, 6 * i + 2);
  });
  return frame(0x4, 0, 0, b);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const grpcMessage = (body: Buffer) => Buffer.concat([Buffer.from([0]), u32(body.length), body]);
const requestHeaders = (path: string) =>
  encodeHeaders([
    [":method", "POST"],
    [":scheme", "http"],
    [":path", path],
    [":authority", "localhost"],
    ["content-type", "application/grpc"],
    ["te", "trailers"],
  ]);

/** A raw client: frames in, frames out, waiting on what arrives. */
class RawClient {
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

describe("provider HTTP/2 server, frame by frame", () => {
  let dir: string;
  let socketPath: string;
  let server: GrpcServer;
  const big = Buffer.alloc(100_000, 7);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "proto-h2-"));
    socketPath = join(dir, "s");
    const routes = new Map([
      ["/t.S/Echo", async (req: Buffer) => Buffer.concat([Buffer.from("echo:"), req])],
      ["/t.S/Big", async () => big],
    ]);
    server = createGrpcServer(routes, { log: createLogger({ level: "off" }), maxMessageBytes: 1024 });
    await server.listen(socketPath);
  });
  afterAll(async () => {
    await server.close(100);
    rmSync(dir, { recursive: true, force: true });
  });

  const open = () => {
    const c = new RawClient(socketPath);
    c.send(PREFACE, settings([]));
    return c;
  };
  const decoder = () => new HpackDecoder();

  it("answers a request whose headers are padded and split into CONTINUATION frames, with padded DATA", async () => {
    const c = open();
    try {
      const block = requestHeaders("/t.S/Echo");
      const padded = Buffer.concat([Buffer.from([3]), block.subarray(0, 10), Buffer.alloc(3)]);
      const body = grpcMessage(Buffer.from("hi"));
      c.send(
        frame(0x1, 0x8, 1, padded), // HEADERS, PADDED, no END_HEADERS
        frame(0x9, 0, 1, block.subarray(10, 20)),
        frame(0x9, 0x4, 1, block.subarray(20)), // END_HEADERS
        frame(0x0, 0x8 | 0x1, 1, Buffer.concat([Buffer.from([2]), body, Buffer.alloc(2)])),
      );
      const d = decoder();
      const headers = await c.next((f) => f.type === 0x1 && f.stream === 1);
      expect(d.decode(headers.payload)).toContainEqual([":status", "200"]);
      const data = await c.next((f) => f.type === 0x0 && f.stream === 1);
      expect(data.payload).toEqual(grpcMessage(Buffer.from("echo:hi")));
      const trailers = await c.next((f) => f.type === 0x1 && f.stream === 1);
      expect(trailers.flags & 0x1).toBe(1);
      expect(d.decode(trailers.payload)).toEqual([["grpc-status", "0"]]);
    } finally {
      c.close();
    }
  });

  it("answers PING with an ACK carrying the same bytes, and acknowledges SETTINGS", async () => {
    const c = open();
    try {
      await c.next((f) => f.type === 0x4 && f.flags === 0x1);
      c.send(frame(0x6, 0, 0, Buffer.from("12345678")));
      const pong = await c.next((f) => f.type === 0x6);
      expect(pong.flags).toBe(0x1);
      expect(pong.payload.toString()).toBe("12345678");
    } finally {
      c.close();
    }
  });

  it("sends no more than the client's window, then the rest as WINDOW_UPDATEs open it", async () => {
    const c = new RawClient(socketPath);
    try {
      // A stream window of 1,000 bytes; the connection window stays at its default 65,535.
      c.send(PREFACE, settings([[0x4, 1000]]), frame(0x1, 0x4, 1, requestHeaders("/t.S/Big")));
      c.send(frame(0x0, 0x1, 1, grpcMessage(Buffer.alloc(0))));
      await c.next((f) => f.type === 0x1 && f.stream === 1); // the answer's headers
      const first = await c.next((f) => f.type === 0x0 && f.stream === 1);
      expect(first.payload.length).toBe(1000);
      const expected = grpcMessage(big);
      let got = first.payload.length;
      const chunks = [first.payload];
      while (got < expected.length) {
        c.send(frame(0x8, 0, 1, u32(40_000)), frame(0x8, 0, 0, u32(40_000)));
        const f = await c.next((x) => x.stream === 1 && (x.type === 0x0 || x.type === 0x1));
        if (f.type === 0x1) throw new Error("trailers before the whole message");
        expect(f.payload.length).toBeLessThanOrEqual(16_384);
        chunks.push(f.payload);
        got += f.payload.length;
      }
      expect(Buffer.concat(chunks)).toEqual(expected);
      const trailers = await c.next((f) => f.type === 0x1 && f.stream === 1);
      expect(trailers.flags & 0x1).toBe(1);
    } finally {
      c.close();
    }
  });

  it("keeps serving other streams after one is reset, and refuses a stream id going backwards", async () => {
    const c = open();
    try {
      c.send(frame(0x1, 0x4, 3, requestHeaders("/t.S/Echo")), frame(0x3, 0, 3, u32(0x8)));
      c.send(frame(0x1, 0x4, 5, requestHeaders("/t.S/Echo")));
      c.send(frame(0x0, 0x1, 5, grpcMessage(Buffer.from("5"))));
      const data = await c.next((f) => f.type === 0x0 && f.stream === 5);
      expect(data.payload).toEqual(grpcMessage(Buffer.from("echo:5")));
      c.send(frame(0x1, 0x4 | 0x1, 1, requestHeaders("/t.S/Echo")));
      const away = await c.next((f) => f.type === 0x7);
      expect(away.payload.readUInt32BE(4)).toBe(0x1); // PROTOCOL_ERROR
      await c.closed();
    } finally {
      c.close();
    }
  });

  it("closes a connection that does not open with the HTTP/2 preface", async () => {
    const c = new RawClient(socketPath);
    c.send(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    const away = await c.next((f) => f.type === 0x7);
    expect(away.payload.readUInt32BE(4)).toBe(0x1);
    await c.closed();
  });
});
