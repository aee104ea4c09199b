import { BigNumberValue, type CtyType, type Value } from "../../../src/terraform-model";
import { decodeJson, parseJsonLossless } from "../../../src/protocol/values/json";
import { numberFromText } from "../../../src/protocol/values/number";

describe("numberFromText", () => {
  it("gives a JS number only when it equals the decimal exactly", () => {
    expect(numberFromText("42")).toBe(42);
    expect(numberFromText("-1.5")).toBe(-1.5);
    expect(numberFromText("1e3")).toBe(1000);
    expect(numberFromText("0.0")).toBe(0);
    expect(numberFromText("9007199254740993")).toEqual(new BigNumberValue("9007199254740993"));
    expect(numberFromText("0.1")).toEqual(new BigNumberValue("0.1"));
    expect(numberFromText("1e400")).toEqual(new BigNumberValue("1e400"));
    expect(numberFromText("1e-2000")).toEqual(new BigNumberValue("1e-2000"));
    expect(() => numberFromText("12abc")).toThrow(/not a decimal number/);
  });
});

describe("JSON values", () => {
  const type: CtyType = [
    "object",
    {
      id: "string",
      size: "number",
      on: "bool",
      tags: ["map", "string"],
      ports: ["set", "number"],
      pair: ["tuple", ["string", "number"]],
      any: "dynamic",
    },
  ];

  it("keeps big numbers exact (where JSON.parse would round them)", () => {
    const v = decodeJson('{"id":"x","size":12345678901234567890}', type) as Record<string, unknown>;
    expect(v.size).toEqual(new BigNumberValue("12345678901234567890"));
  });

  it("keeps every number's value on the native path and the exact one alike", () => {
    const numbers = ["0", "-0", "1.50", "123456789012345", "-0.000001", "12345678901234.5", "0.1", "1e3"];
    const list: CtyType = ["list", "number"];
    for (const n of numbers) {
      const native = decodeJson(`[${n}]`, list) as Value[];
      // a 16-digit number forces the exact parser, which reads the literal itself
      const exact = decodeJson(`[${n}, 1234567890123456]`, list) as Value[];
      expect(native[0]).toEqual(exact[0]);
      expect(native[0]).toEqual(numberFromText(n));
    }
    expect(Object.is(decodeJson("-0", "number"), -0)).toBe(true);
    expect(decodeJson("[-0]", ["list", "string"])).toEqual(["-0"]);
    expect(parseJsonLossless('{"__proto__": {"a": 1}}')).toHaveProperty(["__proto__", "a"]);
    const withId = decodeJson('{"id":"5f0000000000000000000a11","size":12345678901234567890}', type);
    expect(withId).toMatchObject({
      id: "5f0000000000000000000a11",
      size: new BigNumberValue("12345678901234567890"),
    });
  });

  it("fills missing attributes with null, drops attributes the schema no longer has, converts primitives", () => {
    const v = decodeJson(
      '{"id":7,"on":"true","tags":{"a":"b"},"ports":[1,2],"pair":["p",3],"removed":1,"any":{"value":["x"],"type":["list","string"]}}',
      type,
    );
    expect(v).toEqual({
      id: "7",
      size: null,
      on: true,
      tags: { a: "b" },
      ports: [1, 2],
      pair: ["p", 3],
      any: ["x"],
    });
  });

  it("parses escapes, whitespace and nesting like JSON.parse", () => {
    const text = ' { "a\\u00e9\\n" : [ true , false , null , -0.5e2 , "\\"q\\"" ] , "b" : { } } ';
    const parsed = parseJsonLossless(text) as Record<string, unknown[]>;
    expect(Object.keys(parsed)).toEqual(["a\u00e9\n", "b"]);
    expect(parsed["a\u00e9\n"].slice(0, 3)).toEqual([true, false, null]);
    expect(parsed["a\u00e9\n"][4]).toBe('"q"');
  });

  it("reports malformed JSON and wrong shapes with their position", () => {
    expect(() => parseJsonLossless('{"a":1,}')).toThrow(/invalid JSON at offset 7/);
    expect(() => parseJsonLossless("[1] x")).toThrow(/trailing/);
    expect(() => decodeJson('{"tags":[1]}', type)).toThrow(/expected a map at \.tags/);
    expect(() => decodeJson('{"pair":["a"]}', type)).toThrow(/tuple of 2 elements at \.pair/);
  });
});
