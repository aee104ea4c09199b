import { mkdtempSync, rmSync } from "node:fs";
import * as http2 from "node:http2";
import { connect as netConnect, createServer } from "node:net";
import * as grpc from "@grpc/grpc-js";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createLogger } from "../../../src/terraform-model";
import { createGrpcServer, type GrpcServer } from "../../../src/protocol/grpc-unary";
import { Http2Connection } from "../../../src/protocol/http2/connection";
import { encodeHeaders, HpackDecoder, STATIC_STATUS_200 } from "../../../src/protocol/http2/hpack";
import { startProviderServer, type ProviderServer } from "../../../src/protocol/provider-service";
import { registry } from "../../../src/protocol/generated/descriptors";
import { encodeMessage } from "../../../src/protocol/wire/protobuf";
import { createTestHandler } from "./fixtures/test-handler";
import { call, connect as connectClients } from "./helpers/client";
import {
  F,
  frame,
  grpcMessage,
  PREFACE,
  RawClient,
  requestHeaders,
  settings,
  T,
  u32,
} from "./helpers/raw-h2";

// The provider's HTTP/2 server seen frame by frame, for what terraform's client may do and node's client
// does not show: padding, header blocks split into CONTINUATION frames, PING, a window smaller than the
// answer, a reset stream, a broken preface.

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

describe("provider HTTP/2 server, every request answered", () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer(createTestHandler([]), { log: createLogger({ level: "off" }) });
  });
  afterAll(() => server.close());

  // The service name comes back in grpc-message: 200 KB of it made a HEADERS frame far above the client's
  // frame size limit, which both clients refused, so the call got no answer.
  const longName = "x".repeat(200_000);

  it("answers a gRPC HealthCheck with a 200 KB body (grpc-js client)", async () => {
    const clients = connectClients(server.socketPath);
    try {
      const check = call(clients.health, "Check", { service: longName });
      await expect(check).rejects.toMatchObject({
        code: grpc.status.NOT_FOUND,
        details: expect.stringMatching(/^unknown service "x{1000,1024}…$/),
      });
    } finally {
      clients.close();
    }
  });

  it("answers the same HealthCheck to node's HTTP/2 client, its trailers in frames the client accepts", async () => {
    const session = http2.connect("http://localhost", {
      createConnection: () => netConnect(server.socketPath),
    });
    try {
      const message = encodeMessage(registry, "grpc.health.v1.HealthCheckRequest", { service: longName });
      const stream = session.request({
        ":method": "POST",
        ":path": "/grpc.health.v1.Health/Check",
        "content-type": "application/grpc",
        te: "trailers",
      });
      stream.end(grpcMessage(message));
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        stream.on("response", resolve);
        stream.on("error", reject);
      });
      expect(headers["grpc-status"]).toBe(String(grpc.status.NOT_FOUND));
    } finally {
      session.destroy();
    }
  });

  it("splits a header block larger than the client's frame size into HEADERS and CONTINUATION frames", async () => {
    // Straight on the connection: the gRPC layer bounds its own header blocks far below a frame.
    const block = encodeHeaders([STATIC_STATUS_200, ["x-large", "a".repeat(40_000)]]);
    const listener = createServer((socket) => {
      new Http2Connection(socket, {
        maxBody: 1024,
        onRequest: (request) => request.reply({ headers: block }),
        onError: () => undefined,
      });
    });
    const path = join(mkdtempSync(join(tmpdir(), "proto-h2-")), "s");
    await new Promise<void>((resolve) => listener.listen(path, resolve));
    const c = new RawClient(path);
    try {
      c.send(
        PREFACE,
        settings([]),
        frame(T.HEADERS, F.END_HEADERS | F.END_STREAM, 1, requestHeaders("/any")),
      );
      const first = await c.next((f) => f.stream === 1);
      expect(first.type).toBe(T.HEADERS);
      expect(first.flags & F.END_STREAM).toBe(F.END_STREAM);
      const fragments = [first.payload];
      for (let last = first; !(last.flags & F.END_HEADERS);) {
        last = await c.next((f) => f.stream === 1);
        expect(last.type).toBe(T.CONTINUATION);
        fragments.push(last.payload);
      }
      expect(fragments.map((f) => f.length)).toEqual([16_384, 16_384, block.length - 2 * 16_384]);
      expect(Buffer.concat(fragments)).toEqual(block);
    } finally {
      c.close();
      listener.close();
      rmSync(dirname(path), { recursive: true, force: true });
    }
  });
});
