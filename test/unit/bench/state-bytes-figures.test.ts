// bench/state-bytes.js's figures read off a state file: the bytes terraform writes per attribute (its indented
// form), what null attributes still cost, and issue 38's measure (proportional to a bare terraform_data's bytes).
const {
  attributeBytes,
  nullAttributes,
  issueKb,
}: {
  attributeBytes(state: object): [string, number][];
  nullAttributes(state: object): { names: string[]; bytes: number };
  issueKb(bytes: number, bareBytes: number): number;
} = require("../../../bench/state-bytes-figures.js");

const instance = {
  index_key: 0,
  schema_version: 1,
  attributes: { id: "abc", parameters: { "input.a": "x" }, user_data: null, timeouts: null },
  sensitive_attributes: [],
  private: "eyJoIjoxfQ==",
};
const state = { version: 4, resources: [{ type: "appmgmt_instance", instances: [instance] }] };

/** The bytes of one line of `"key": value` as terraform's state file indents an attribute (12 spaces). */
const line = (text: string) => Buffer.byteLength(`${" ".repeat(12)}${text},\n`) - 1;

test("each attribute costs its indented entry in terraform's state file, the largest first", () => {
  const rows = new Map(attributeBytes(state));
  expect(rows.get("id")).toBe(line('"id": "abc"'));
  expect(rows.get("user_data")).toBe(line('"user_data": null'));
  const nested = `"parameters": {\n${" ".repeat(14)}"input.a": "x"\n${" ".repeat(12)}}`;
  expect(rows.get("parameters")).toBe(line(nested));
  expect(rows.get("(private)")).toBe(Buffer.byteLength(`${" ".repeat(10)}"private": "eyJoIjoxfQ==",`));
  const sizes = attributeBytes(state).map(([, b]) => b);
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
});

test("null attributes are listed with the bytes terraform still writes for them", () => {
  expect(nullAttributes(state)).toEqual({
    names: ["user_data", "timeouts"],
    bytes: line('"user_data": null') + line('"timeouts": null'),
  });
});

test("the issue's measure: 0.9 KB at a bare terraform_data's bytes, in proportion above it", () => {
  expect(issueKb(1056, 1056)).toBeCloseTo(0.9);
  // 0d0e40b's 2,025 bytes/instance and 8ca2fae's 1,248 at N = 20: the issue's 1.70 and 1.08 KB
  expect(issueKb(2025, 1056)).toBeCloseTo(1.73, 2);
  expect(issueKb(1248, 1056)).toBeCloseTo(1.06, 2);
});
