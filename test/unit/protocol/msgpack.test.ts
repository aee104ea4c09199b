import { ExtensionCodec, decode as referenceDecode, encode as referenceEncode } from "@msgpack/msgpack";
import { BigNumberValue, type CtyType, UNKNOWN } from "../../../src/terraform-model";
import { ValueError } from "../../../src/protocol/values/errors";
import { decodeMsgpack, encodeMsgpack } from "../../../src/protocol/values/msgpack";

// @msgpack/msgpack serves as an independent reference implementation of the wire format.
const extensions = new ExtensionCodec();
extensions.register({ type: 0, encode: () => null, decode: () => "<unknown>" });
const reference = (b: Buffer) => referenceDecode(b, { extensionCodec: extensions, useBigInt64: true });

const thing: CtyType = [
  "object",
  {
    id: "string",
    size: "number",
    ok: "bool",
    tags: ["map", "string"],
    ports: ["list", "number"],
    s: ["set", "string"],
  },
];

describe("msgpack DynamicValue codec", () => {
  it("round-trips an object of every collection kind", () => {
    const v = { id: "x", size: 3.5, ok: true, tags: { a: "1", b: "2" }, ports: [80, -443, 70000], s: ["q"] };
    expect(decodeMsgpack(encodeMsgpack(v, thing), thing)).toEqual(v);
  });

  it("writes every attribute of an object, null for the missing ones, in a form others read", () => {
    const bytes = encodeMsgpack({ id: "x" }, thing);
    expect(reference(bytes)).toEqual({ id: "x", ok: null, ports: null, s: null, size: null, tags: null });
  });

  it("fills attributes missing from a received object with null", () => {
    const bytes = Buffer.from(referenceEncode({ id: "x", extra: 1 }));
    expect(decodeMsgpack(bytes, thing)).toEqual({
      id: "x",
      size: null,
      ok: null,
      tags: null,
      ports: null,
      s: null,
    });
  });

  it("skips an attribute the type lacks whatever it holds, and reads the ones after it", () => {
    const bytes = Buffer.from(referenceEncode({ extra: { deep: [1, { x: "y" }], more: null }, id: "after" }));
    expect(decodeMsgpack(bytes, thing)).toMatchObject({ id: "after", tags: null });
  });

  it("names what came instead of a collection, at its place", () => {
    const listOfObjects: CtyType = ["list", ["object", { n: "number", tags: ["map", "string"] }]];
    const bad = (v: unknown) => () => decodeMsgpack(Buffer.from(referenceEncode(v)), listOfObjects);
    expect(bad([{ n: 1 }, { tags: "nope" }])).toThrow("expected a map at [1].tags, got string");
    expect(bad({ n: 1 })).toThrow("expected a list at the top level, got a map");
    expect(bad([[1]])).toThrow("expected an object at [0], got an array");
    const pair: CtyType = ["tuple", ["string", "number"]];
    expect(() => decodeMsgpack(Buffer.from(referenceEncode(["a"])), pair)).toThrow(
      "expected a tuple of 2 elements at the top level, got an array",
    );
  });

  it("reads extension 0 and refined unknowns (extension 12) as UNKNOWN and writes d4 00 00", () => {
    const refined = Buffer.concat([
      Buffer.from([0x82, 0xa2, 0x69, 0x64, 0xd4, 0x00, 0x00, 0xa4]),
      Buffer.from("size"),
    ]);
    const refinedUnknown = Buffer.from([0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc2]); // ext 12, payload {1: false}
    const v = decodeMsgpack(Buffer.concat([refined, refinedUnknown]), [
      "object",
      { id: "string", size: "number" },
    ]);
    expect(v).toEqual({ id: UNKNOWN, size: UNKNOWN });
    expect(encodeMsgpack(UNKNOWN, "string")).toEqual(Buffer.from([0xd4, 0x00, 0x00]));
    expect(reference(encodeMsgpack({ id: UNKNOWN }, ["object", { id: "string" }]))).toEqual({
      id: "<unknown>",
    });
  });

  it("decodes int, uint, float and string number forms", () => {
    expect(decodeMsgpack(Buffer.from([0xcc, 0xff]), "number")).toBe(255);
    expect(decodeMsgpack(Buffer.from([0xd0, 0x80]), "number")).toBe(-128);
    expect(decodeMsgpack(Buffer.from(referenceEncode(1.25)), "number")).toBe(1.25);
    expect(decodeMsgpack(Buffer.from([0xca, 0x3f, 0xc0, 0x00, 0x00]), "number")).toBe(1.5);
    expect(decodeMsgpack(Buffer.from(referenceEncode(2n ** 60n, { useBigInt64: true })), "number")).toBe(
      2 ** 60,
    );
    expect(decodeMsgpack(Buffer.from(referenceEncode("42")), "number")).toBe(42);
  });

  it("keeps numbers beyond float64 precision as decimal text and writes them back as strings", () => {
    const big = Buffer.from([0xcf, 0xab, 0x54, 0xa9, 0x8c, 0xeb, 0x1f, 0x0a, 0xd2]); // uint64 12345678901234567890
    const v = decodeMsgpack(big, "number");
    expect(v).toEqual(new BigNumberValue("12345678901234567890"));
    expect(reference(encodeMsgpack(v, "number"))).toBe("12345678901234567890");
    const precise = decodeMsgpack(Buffer.from(referenceEncode("0.1")), "number");
    expect(precise).toEqual(new BigNumberValue("0.1"));
    expect(
      decodeMsgpack(Buffer.from(referenceEncode(1n - 2n ** 63n, { useBigInt64: true })), "number"),
    ).toEqual(new BigNumberValue("-9223372036854775807"));
    expect(decodeMsgpack(Buffer.from(referenceEncode(-(2n ** 63n), { useBigInt64: true })), "number")).toBe(
      -(2 ** 63),
    );
  });

  it("encodes integers as int64 when exact and other numbers as float64", () => {
    expect(reference(encodeMsgpack(2 ** 53 - 1, "number"))).toBe(BigInt(2 ** 53 - 1));
    expect(encodeMsgpack(7, "number")).toEqual(Buffer.from([7]));
    expect(encodeMsgpack(-3, "number")).toEqual(Buffer.from([0xfd]));
    expect(reference(encodeMsgpack(0.5, "number"))).toBe(0.5);
    expect(reference(encodeMsgpack(2 ** 70, "number"))).toBe(2 ** 70);
  });

  it("encodes dynamic values as [type JSON bytes, value] and decodes them by that type", () => {
    const bytes = encodeMsgpack({ a: ["x", 1] }, "dynamic");
    const [typeJson, value] = reference(bytes) as [Uint8Array, unknown];
    expect(JSON.parse(Buffer.from(typeJson).toString())).toEqual([
      "object",
      { a: ["tuple", ["string", "number"]] },
    ]);
    expect(value).toEqual({ a: ["x", 1] });
    expect(decodeMsgpack(bytes, "dynamic")).toEqual({ a: ["x", 1] });
    expect(encodeMsgpack(null, "dynamic")).toEqual(Buffer.from([0xc0]));
  });

  it("round-trips tuples, long strings and large collections", () => {
    const long = "é".repeat(40000);
    const list = Array.from({ length: 70000 }, (_, i) => i);
    expect(
      decodeMsgpack(encodeMsgpack([long, list], ["tuple", ["string", ["list", "number"]]]), [
        "tuple",
        ["string", ["list", "number"]],
      ]),
    ).toEqual([long, list]);
  });

  it("round-trips objects and maps with more than 15 entries (16-bit headers)", () => {
    const names = Array.from({ length: 20 }, (_, i) => `attr_${i}`);
    const type: CtyType = ["object", Object.fromEntries(names.map((n) => [n, "string"]))];
    const v = Object.fromEntries(names.map((n) => [n, n.repeat(3)]));
    expect(decodeMsgpack(encodeMsgpack(v, type), type)).toEqual(v);
    expect(reference(encodeMsgpack(v, ["map", "string"]))).toEqual(v);
  });

  it("writes what the reference reads across header sizes and buffer growth", () => {
    for (const length of [0, 31, 32, 255, 256, 1000, 65535, 65536]) {
      const v = ["x".repeat(length), "é".repeat(length >> 1), length, -length - 1, length + 0.5];
      const type: CtyType = ["tuple", ["string", "string", "number", "number", "number"]];
      const read = reference(encodeMsgpack(v, type)) as unknown[];
      expect(read.map((x) => (typeof x === "bigint" ? Number(x) : x))).toEqual([
        v[0],
        v[1],
        length,
        -length - 1,
        length + 0.5,
      ]);
    }
  });

  it("writes strings as the reference does, ASCII or not, around the short-string size", () => {
    for (const str of [
      "",
      "a",
      "x".repeat(31),
      "x".repeat(32),
      `${"x".repeat(30)}é`,
      "日本",
      "x".repeat(300),
    ]) {
      expect(encodeMsgpack(str, "string")).toEqual(Buffer.from(referenceEncode(str)));
    }
  });

  it("gives each encoding its own bytes (writers reuse their scratch space)", () => {
    const first = encodeMsgpack({ id: "first", tags: { a: "1" } }, thing);
    const copy = Buffer.from(first);
    const second = encodeMsgpack({ id: "second-value", tags: { b: "2", c: "3" } }, thing);
    expect(first).toEqual(copy);
    expect(decodeMsgpack(second, thing)).toMatchObject({ id: "second-value", tags: { b: "2", c: "3" } });
  });

  it("reports garbage and type mismatches as ValueError naming the place", () => {
    expect(() => decodeMsgpack(Buffer.from([0xc1]), "string")).toThrow(ValueError);
    expect(() => decodeMsgpack(Buffer.from([0xdb, 0xff, 0xff, 0xff, 0xff]), "string")).toThrow(/truncated/);
    expect(() => decodeMsgpack(Buffer.from([0xc0, 0xc0]), "string")).toThrow(/trailing/);
    expect(() => decodeMsgpack(Buffer.from(referenceEncode({ id: 5 })), ["object", { id: "bool" }])).toThrow(
      /expected a bool at \.id/,
    );
    expect(() => encodeMsgpack({ tags: "nope" }, thing)).toThrow(/\.tags: expected a map/);
    // The place through lists and maps, on both sides: index and quoted key.
    const nested: CtyType = ["object", { subs: ["map", ["list", ["object", { n: "number" }]]] }];
    const bad = { subs: { 'a"b': [{ n: 1 }, { n: "x" }] } };
    expect(() => encodeMsgpack(bad, nested)).toThrow('cannot encode .subs["a\\"b"][1].n: expected a number');
    expect(() => decodeMsgpack(Buffer.from(referenceEncode(bad)), nested)).toThrow(
      'expected a number at .subs["a\\"b"][1].n, got string',
    );
    expect(() => decodeMsgpack(Buffer.from(referenceEncode(["[", 1])), "dynamic")).toThrow(
      /dynamic value type/,
    );
  });
});
