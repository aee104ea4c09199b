import * as http2 from "node:http2";
import { connect as netConnect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../../src/terraform-model";
import { createGrpcServer, GrpcStatus, type GrpcServer } from "../../../src/protocol/transport";

// The gRPC framing rules of the provider's HTTP/2 server, seen by a raw HTTP/2 client.

interface RawResponse {
  headers: http2.IncomingHttpHeaders;
  trailers: http2.IncomingHttpHeaders;
  body: Buffer;
}

describe("gRPC transport", () => {
  let dir: string;
  let socketPath: string;
  let server: GrpcServer;
  let session: http2.ClientHttp2Session;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "proto-transport-"));
    socketPath = join(dir, "s");
    const routes = new Map([
      ["/t.S/Echo", async (req: Buffer) => Buffer.concat([Buffer.from("echo:"), req])],
    ]);
    server = createGrpcServer(routes, { log: createLogger({ level: "off" }), maxMessageBytes: 16 });
    await server.listen(socketPath);
    session = http2.connect("http://localhost", { createConnection: () => netConnect(socketPath) });
  });
  afterAll(async () => {
    session.close();
    await server.close(100);
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string, body: Buffer, contentType = "application/grpc"): Promise<RawResponse> =>
    new Promise((resolve, reject) => {
      const req = session.request({
        ":method": "POST",
        ":path": path,
        "content-type": contentType,
        te: "trailers",
      });
      const res: RawResponse = { headers: {}, trailers: {}, body: Buffer.alloc(0) };
      const chunks: Buffer[] = [];
      req.on("response", (h) => (res.headers = h));
      req.on("trailers", (t) => (res.trailers = t));
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve({ ...res, body: Buffer.concat(chunks) }));
      req.on("error", reject);
      req.end(body);
    });
  const frame = (msg: Buffer, compressed = 0) => {
    const prefix = Buffer.alloc(5);
    prefix[0] = compressed;
    prefix.writeUInt32BE(msg.length, 1);
    return Buffer.concat([prefix, msg]);
  };

  it("answers a unary call with one framed message and grpc-status 0 in the trailers", async () => {
    const res = await post("/t.S/Echo", frame(Buffer.from("hi")));
    expect(res.headers[":status"]).toBe(200);
    expect(res.headers["content-type"]).toBe("application/grpc");
    expect(res.body).toEqual(frame(Buffer.from("echo:hi")));
    expect(res.trailers["grpc-status"]).toBe("0");
  });

  it("refuses unknown methods, compressed and oversized messages with the right status", async () => {
    const unknown = await post("/t.S/Nope", frame(Buffer.alloc(0)));
    expect(unknown.headers["grpc-status"]).toBe(String(GrpcStatus.UNIMPLEMENTED));
    expect(decodeURIComponent(String(unknown.headers["grpc-message"]))).toBe(
      "method /t.S/Nope is not implemented by this provider",
    );
    const compressed = await post("/t.S/Echo", frame(Buffer.from("x"), 1));
    expect(compressed.headers["grpc-status"]).toBe(String(GrpcStatus.UNIMPLEMENTED));
    const big = await post("/t.S/Echo", frame(Buffer.alloc(17)));
    expect(big.headers["grpc-status"]).toBe(String(GrpcStatus.RESOURCE_EXHAUSTED));
    const truncated = await post("/t.S/Echo", frame(Buffer.from("abc")).subarray(0, 6));
    expect(truncated.headers["grpc-status"]).toBe(String(GrpcStatus.INTERNAL));
  });

  it("answers non-gRPC requests with HTTP 415", async () => {
    const res = await post("/t.S/Echo", Buffer.from("{}"), "application/json");
    expect(res.headers[":status"]).toBe(415);
  });
});
