import {
  encodeHeaders,
  HpackDecoder,
  HpackError,
  huffmanDecode,
  STATIC_CONTENT_TYPE,
  STATIC_STATUS_200,
} from "../../../src/protocol/http2/hpack";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

/** The first request of RFC 7541's C.3 and C.4 sequences, decoded. */
const FIRST_REQUEST = [
  [":method", "GET"],
  [":scheme", "http"],
  [":path", "/"],
  [":authority", "www.example.com"],
];

// The request examples of RFC 7541 Appendix C: one decoder per sequence, as one connection keeps one.
describe("HPACK decoder", () => {
  it("decodes the RFC's request sequence without Huffman coding (C.3), table entries carried over", () => {
    const d = new HpackDecoder();
    expect(d.decode(hex("828684410f7777772e6578616d706c652e636f6d"))).toEqual(FIRST_REQUEST);
    expect(d.decode(hex("828684be58086e6f2d6361636865"))).toEqual([
      ...FIRST_REQUEST,
      ["cache-control", "no-cache"],
    ]);
    expect(d.decode(hex("828785bf400a637573746f6d2d6b65790c637573746f6d2d76616c7565"))).toEqual([
      [":method", "GET"],
      [":scheme", "https"],
      [":path", "/index.html"],
      [":authority", "www.example.com"],
      ["custom-key", "custom-value"],
    ]);
  });

  it("decodes the same sequence Huffman-coded (C.4)", () => {
    const d = new HpackDecoder();
    expect(d.decode(hex("828684418cf1e3c2e5f23a6ba0ab90f4ff"))).toEqual(FIRST_REQUEST);
    expect(d.decode(hex("828684be5886a8eb10649cbf"))[4]).toEqual(["cache-control", "no-cache"]);
    expect(d.decode(hex("828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf"))[4]).toEqual([
      "custom-key",
      "custom-value",
    ]);
  });

  it("evicts the oldest entries past the table size, and obeys a size update", () => {
    const d = new HpackDecoder(4096);
    // Two literals with incremental indexing, then a size update to 60 bytes (one entry of 32 + 28).
    d.decode(hex("400161 0161 400162 0162"));
    expect(d.decode(hex("be bf"))).toEqual([
      ["b", "b"],
      ["a", "a"],
    ]);
    // "a"/"a" and "b"/"b" take 34 bytes each; a limit of 40 keeps only the newest.
    expect(d.decode(hex("3f09 be"))).toEqual([["b", "b"]]);
    expect(() => d.decode(hex("bf"))).toThrow(HpackError);
  });

  it("refuses an index outside both tables, a size update above the limit, and truncated strings", () => {
    expect(() => new HpackDecoder().decode(hex("be"))).toThrow(/not in the table/);
    expect(() => new HpackDecoder(4096).decode(hex("3fe21f"))).toThrow(/above the announced limit/);
    expect(() => new HpackDecoder().decode(hex("4005616263"))).toThrow(/truncated/);
    expect(() => new HpackDecoder().decode(hex("82 3f09"))).toThrow(/after a header/);
  });
});

describe("Huffman decoding", () => {
  it("decodes the RFC's strings", () => {
    expect(huffmanDecode(hex("f1e3c2e5f23a6ba0ab90f4ff"))).toBe("www.example.com");
    expect(huffmanDecode(hex("a8eb10649cbf"))).toBe("no-cache");
    expect(huffmanDecode(hex("6402"))).toBe("302");
  });

  it("refuses padding that is longer than 7 bits or not all ones, and an EOS symbol", () => {
    expect(() => huffmanDecode(hex("a8eb10649cbfff"))).toThrow(/padding/); // a whole byte of padding
    expect(() => huffmanDecode(hex("a8eb10649cbe"))).toThrow(/padding/); // padding ending in a zero bit
    expect(() => huffmanDecode(hex("ffffffff"))).toThrow(/EOS/); // 30 one-bits: EOS
  });
});

describe("HPACK encoder", () => {
  it("writes static indexes and literals that a decoder reads back", () => {
    const block = encodeHeaders([
      STATIC_STATUS_200,
      [STATIC_CONTENT_TYPE, "application/grpc"],
      ["grpc-status", "0"],
      ["grpc-message", "x".repeat(200)],
    ]);
    expect(new HpackDecoder().decode(block)).toEqual([
      [":status", "200"],
      ["content-type", "application/grpc"],
      ["grpc-status", "0"],
      ["grpc-message", "x".repeat(200)],
    ]);
  });
});
