import { Duplex } from "node:stream";
import { Http2Connection } from "../../../src/protocol/http2/connection";
import {
  ConnectionError,
  DEFAULT_MAX_FRAME_SIZE,
  ErrorCode,
  FRAME_HEADER,
  FrameReader,
  PREFACE,
  Type,
} from "../../../src/protocol/http2/frames";
import {
  encodeHeaders,
  HpackDecoder,
  HpackError,
  STATIC_STATUS_200,
} from "../../../src/protocol/http2/hpack";

// Seeded fuzzing of what reads a peer's bytes: the HPACK decoder, the frame reader, and a whole connection
// fed random and mutated-valid frames. Whatever arrives, only the codec's own errors may escape (never a
// TypeError or RangeError), memory stays bounded, and a call is still answered (or refused) afterwards.
// The seed is in the test names; HTTP2_FUZZ_SEED=<n> explores another sequence, HTTP2_FUZZ_ROUNDS=<n> more cases.

const SEED = Number(process.env.HTTP2_FUZZ_SEED ?? 0x21c);
const ROUNDS = Number(process.env.HTTP2_FUZZ_ROUNDS ?? 1);

/** mulberry32: a small deterministic PRNG, so a failing case can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  /** `b` with a few random edits: bytes changed, inserted, removed, or the end cut off. */
  const mutate = (b: Buffer): Buffer => {
    let out = Buffer.from(b);
    for (let edits = 1 + int(4); edits > 0; edits--) {
      const at = int(out.length + 1);
      switch (int(5)) {
        case 0:
          if (out.length) out[Math.min(at, out.length - 1)] = int(256);
          break;
        case 1:
          if (out.length) out[Math.min(at, out.length - 1)] ^= 1 << int(8);
          break;
        case 2:
          out = Buffer.concat([out.subarray(0, at), bytes(1 + int(4)), out.subarray(at)]);
          break;
        case 3:
          out = Buffer.concat([out.subarray(0, at), out.subarray(at + 1 + int(4))]);
          break;
        default:
          out = out.subarray(0, at);
      }
    }
    return out;
  };
  /** `b` cut into chunks of random sizes, as a socket may deliver it. */
  const chunks = (b: Buffer): Buffer[] => {
    const out: Buffer[] = [];
    for (let at = 0; at < b.length;) {
      const n = 1 + int(int(2) ? 40 : 4000);
      out.push(b.subarray(at, at + n));
      at += n;
    }
    return out;
  };
  return { next, int, pick, bytes, mutate, chunks };
}

const hex = (s: string) => Buffer.from(s, "hex");
/** Valid header blocks to mutate: RFC 7541 Appendix C (indexing, Huffman, evictions) and our own encoding. */
const VALID_BLOCKS = [
  hex("828684410f7777772e6578616d706c652e636f6d"),
  hex("828684be58086e6f2d6361636865"),
  hex("828785bf400a637573746f6d2d6b65790c637573746f6d2d76616c7565"),
  hex("828684418cf1e3c2e5f23a6ba0ab90f4ff"),
  hex("828684be5886a8eb10649cbf"),
  hex("828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf"),
  hex("3fe11f"), // a table size update to 4,096, at a block's start
  hex("20"), // ... and to 0
  encodeHeaders([
    [":method", "POST"],
    [":path", "/tfplugin6.Provider/PlanResourceChange"],
    [31, "application/grpc"],
    ["te", "trailers"],
  ]),
];

/** An assertion cheap enough for inner loops (jest's expect costs more than the code under test). */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

/** Runs `body`, failing with the case that broke it (the seed and the case number replay it). */
function attempt(what: string, index: number, input: Buffer, body: () => void): void {
  try {
    body();
  } catch (e) {
    throw new Error(
      `${what}, case ${index} (seed ${SEED}), input ${input.toString("hex")}: ${(e as Error).stack}`,
    );
  }
}

describe(`HPACK decoder fuzzed (seed ${SEED})`, () => {
  it("throws nothing but HpackError, and its table never exceeds the size in force", () => {
    const r = prng(SEED);
    let decoded = 0;
    for (let i = 0; i < 6_000 * ROUNDS; i++) {
      // One decoder per short sequence of blocks, as on one connection: table state carries over.
      const limit = r.pick([4096, 4096, 256, 0]);
      const decoder = new HpackDecoder(limit);
      for (let j = 0, n = 1 + r.int(8); j < n; j++) {
        const block = r.int(3) === 0 ? r.bytes(r.int(64)) : r.mutate(r.pick(VALID_BLOCKS));
        attempt("HPACK", i, block, () => {
          try {
            const headers = decoder.decode(block);
            check(headers.length <= block.length, "more headers than bytes");
            decoded++;
          } catch (e) {
            if (!(e instanceof HpackError)) throw e;
          }
          check(decoder.tableSize <= limit, `table of ${decoder.tableSize} above its limit ${limit}`);
        });
      }
    }
    expect(decoded).toBeGreaterThan(500); // mutations that stay valid are decoded too
  });
});

/** A frame's bytes. */
function frameBytes(type: number, flags: number, stream: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(FRAME_HEADER);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream >>> 0, 5);
  return Buffer.concat([head, payload]);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const REQUEST_BLOCK = encodeHeaders([
  [":method", "POST"],
  [":path", "/t.S/Echo"],
  [31, "application/grpc"],
]);
const MESSAGE = Buffer.from([0, 0, 0, 0, 2, 0x68, 0x69]);

/**
 * A frame a client could send, valid or nearly, on stream ids where the edge cases are. `raw`: the whole
 * frame's bytes may be mutated (its length field too); otherwise only its payload, so frames stay delimited.
 */
function randomFrame(r: ReturnType<typeof prng>, raw: boolean): Buffer {
  const stream = r.pick([0, 0, 1, 1, 1, 3, 3, 5, 2, 0x7fffffff, 0xffffffff]);
  const templates: (() => [number, number, Buffer])[] = [
    () => [Type.HEADERS, r.pick([0x4, 0x5, 0x0, 0x25, 0x2d]), REQUEST_BLOCK],
    () => [Type.CONTINUATION, r.pick([0, 4]), r.pick(VALID_BLOCKS)],
    () => [Type.DATA, r.pick([0, 1, 8, 9]), r.int(2) ? MESSAGE : r.bytes(r.int(40))],
    () => [Type.WINDOW_UPDATE, 0, u32(r.pick([0, 1, 65_535, 0x7fffffff, r.int(2 ** 31)]))],
    () => [
      Type.SETTINGS,
      r.pick([0, 1]),
      Buffer.concat([Buffer.from([0, r.int(8)]), u32(r.pick([0, 1, 2, 16_384, 2 ** 31, r.int(2 ** 32)]))]),
    ],
    () => [Type.PING, r.pick([0, 1]), r.bytes(r.pick([8, 8, 7]))],
    () => [
      Type.PRIORITY,
      0,
      Buffer.concat([u32(r.pick([0, stream, 3])), Buffer.from([r.int(256)])]).subarray(0, r.pick([5, 5, 4])),
    ],
    () => [Type.RST_STREAM, 0, u32(r.int(14)).subarray(0, r.pick([4, 4, 3]))],
    () => [Type.GOAWAY, 0, Buffer.concat([u32(0), u32(0)])],
    () => [r.int(256), r.int(256), r.bytes(r.int(20))],
  ];
  const [type, flags, payload] = r.pick(templates)();
  const mutated = r.int(3) === 0;
  if (raw && mutated) return r.mutate(frameBytes(type, flags, stream, payload));
  return frameBytes(type, flags, stream, mutated ? r.mutate(payload) : payload);
}

describe(`frame reader fuzzed (seed ${SEED})`, () => {
  it("throws nothing but ConnectionError, hands out frames within the size limit and holds at most one", () => {
    const r = prng(SEED + 1);
    for (let i = 0; i < 2_000 * ROUNDS; i++) {
      const frames = Array.from({ length: 1 + r.int(10) }, () =>
        r.int(5) ? randomFrame(r, true) : r.bytes(r.int(30)),
      );
      const input = Buffer.concat([r.int(20) ? PREFACE : r.mutate(PREFACE), ...frames]);
      const reader = new FrameReader();
      attempt("frame reader", i, input, () => {
        try {
          for (const chunk of r.chunks(input)) {
            reader.push(chunk, (type, flags, streamId, payload) => {
              check(payload.length <= DEFAULT_MAX_FRAME_SIZE, "frame above the size limit");
              check(streamId <= 0x7fffffff, "reserved bit kept in a stream id");
            });
            check(reader.bufferedBytes < FRAME_HEADER + DEFAULT_MAX_FRAME_SIZE, "more than a frame held");
          }
        } catch (e) {
          if (!(e instanceof ConnectionError)) throw e;
        }
      });
    }
  });
});

/** A connection on an in-memory socket: what it writes is collected, what the test pushes it reads. */
function connectionOnMemory() {
  const written: Buffer[] = [];
  const errors: Error[] = [];
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk);
      done();
    },
  });
  new Http2Connection(socket, {
    maxBody: 1024,
    onRequest: (request) =>
      request.reply({
        headers: encodeHeaders([STATIC_STATUS_200]),
        body: Buffer.concat([Buffer.from([0, 0, 0, 0, request.body.length]), request.body]),
        trailers: encodeHeaders([["grpc-status", "0"]]),
      }),
    onError: (e) => errors.push(e),
  });
  const feed = (bytes: Buffer) => socket.emit("data", bytes);
  /** The frames written so far (the server's frames are whole in each write). */
  const frames = () => {
    const out: { type: number; flags: number; stream: number; payload: Buffer }[] = [];
    const all = Buffer.concat(written);
    for (let at = 0; at < all.length;) {
      const length = all.readUIntBE(at, 3);
      out.push({
        type: all[at + 3],
        flags: all[at + 4],
        stream: all.readUInt32BE(at + 5),
        payload: all.subarray(at + 9, at + 9 + length),
      });
      at += 9 + length;
    }
    return out;
  };
  return { feed, frames, errors };
}

const cleanCall = (stream: number) =>
  Buffer.concat([
    frameBytes(Type.HEADERS, 0x4, stream, REQUEST_BLOCK),
    frameBytes(Type.DATA, 0x1, stream, MESSAGE),
  ]);
const CLEAN = 0x7ffffff1;

describe(`connection fuzzed (seed ${SEED})`, () => {
  it("reports only protocol errors, and a clean call afterwards is answered, refused or met by a GOAWAY", () => {
    const r = prng(SEED + 2);
    let answered = 0;

    for (let i = 0; i < 1_500 * ROUNDS; i++) {
      const c = connectionOnMemory();
      const frames = Array.from({ length: 1 + r.int(6) }, () => randomFrame(r, false));
      const input = Buffer.concat([PREFACE, ...frames]);
      attempt("connection", i, input, () => {
        for (const chunk of r.chunks(input)) c.feed(chunk);
        const before = c.frames().length;
        c.feed(cleanCall(CLEAN));
        for (const e of c.errors) {
          check(
            e instanceof ConnectionError && e.code !== ErrorCode.INTERNAL_ERROR,
            `not a protocol error: ${e.stack}`,
          );
        }
        const after = c.frames();
        // A GOAWAY: a connection error, or the server going away after the client did, whose last stream id
        // tells the client that the clean call was not processed (it may send it again elsewhere).
        const goaway = after.some(
          (f) =>
            f.type === Type.GOAWAY &&
            (f.payload.readUInt32BE(4) !== ErrorCode.NO_ERROR || f.payload.readUInt32BE(0) < CLEAN),
        );
        const onClean = after.slice(before).filter((f) => f.stream === CLEAN);
        const answer = onClean.some((f) => f.type === Type.HEADERS);
        check(
          goaway || answer || onClean.some((f) => f.type === Type.RST_STREAM),
          "the clean call got nothing",
        );
        if (answer) answered++;
      });
    }
    expect(answered).toBeGreaterThan(30); // enough cases leave the connection up (67 with the default seed)
  });

  it("answers a clean call in full on a fresh connection after all that", () => {
    const c = connectionOnMemory();
    c.feed(Buffer.concat([PREFACE, cleanCall(1)]));
    const answer = c.frames().filter((f) => f.stream === 1);
    expect(answer.map((f) => [f.type, f.flags])).toEqual([
      [Type.HEADERS, 0x4],
      [Type.DATA, 0],
      [Type.HEADERS, 0x5],
    ]);
    expect(answer[1].payload).toEqual(Buffer.concat([Buffer.from([0, 0, 0, 0, MESSAGE.length]), MESSAGE]));
    expect(c.errors).toEqual([]);
  });
});
