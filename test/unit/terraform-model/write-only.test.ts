import {
  hasWriteOnly,
  type SchemaBlock,
  UNKNOWN,
  withoutWriteOnly,
  writeOnlyNotAllowed,
  writeOnlyPathsSet,
} from "../../../src/terraform-model";
import { toProviderSchemaJson } from "../../../src/terraform-model/schema-json";

const block: SchemaBlock = {
  attributes: [
    { name: "name", type: "string", required: true },
    { name: "secret", type: ["map", "string"], optional: true, writeOnly: true },
    {
      name: "parts",
      optional: true,
      nestedType: {
        nesting: "map",
        attributes: [
          { name: "size", type: "number", optional: true },
          { name: "key", type: "string", optional: true, writeOnly: true },
        ],
      },
    },
  ],
};

const value = {
  name: "a",
  secret: { "input.pw": "hunter22" },
  parts: { db: { size: 1, key: "k-db" }, web: { size: 2, key: null } },
};

describe("write-only attributes", () => {
  it("leave a value that sets none as it is (no copy), and copy only the parts that change", () => {
    const none = { name: "a", secret: null, parts: { db: { size: 1, key: null } } };
    expect(withoutWriteOnly(none, block)).toBe(none);
    const plain: SchemaBlock = { attributes: [{ name: "name", type: "string", required: true }] };
    const v = { name: "b" };
    expect(withoutWriteOnly(v, plain)).toBe(v);
    const oneSet = {
      name: "a",
      secret: null,
      parts: { db: { size: 1, key: "k" }, web: { size: 2, key: null } },
    };
    const out = withoutWriteOnly(oneSet, block) as typeof oneSet;
    expect(out).toEqual({
      name: "a",
      secret: null,
      parts: { db: { size: 1, key: null }, web: { size: 2, key: null } },
    });
    expect(out.parts.web).toBe(oneSet.parts.web);
    expect(oneSet.parts.db.key).toBe("k");
  });

  it("are null in what the provider answers, at the top level and inside nested map attributes", () => {
    expect(withoutWriteOnly(value, block)).toEqual({
      name: "a",
      secret: null,
      parts: { db: { size: 1, key: null }, web: { size: 2, key: null } },
    });
    expect(withoutWriteOnly(null, block)).toBeNull();
  });

  it("are found by path when set, unknown values included", () => {
    expect(writeOnlyPathsSet({ ...value, secret: UNKNOWN }, block)).toEqual([
      [{ attr: "secret" }],
      [{ attr: "parts" }, { key: "db" }, { attr: "key" }],
    ]);
    expect(hasWriteOnly(block)).toBe(true);
    expect(hasWriteOnly({ attributes: [{ name: "x", type: "string" }] })).toBe(false);
  });

  it("fail validation naming the path and terraform 1.11 when terraform does not announce them", () => {
    const errors = writeOnlyNotAllowed(value, block, { writeOnlyAttributesAllowed: false });
    expect(errors.map((d) => d.detail)).toEqual([
      expect.stringMatching(/^secret is write-only: .*terraform 1\.11 or later/),
      expect.stringMatching(/^parts\["db"\]\.key is write-only/),
    ]);
    expect(errors[0]).toMatchObject({ severity: "error", attribute: [{ attr: "secret" }] });
    expect(writeOnlyNotAllowed(value, block, undefined)).toHaveLength(2);
    expect(writeOnlyNotAllowed(value, block, { writeOnlyAttributesAllowed: true })).toEqual([]);
    expect(writeOnlyNotAllowed({ name: "a", secret: null, parts: null }, block, undefined)).toEqual([]);
  });

  it("are marked write_only in `providers schema -json`, with the ephemeral resource schemas", () => {
    const doc = toProviderSchemaJson(
      {
        provider: { version: 0, block: { attributes: [] } },
        resources: { demo_thing: { version: 0, block } },
        dataSources: {},
        ephemeralResources: { demo_token: { version: 0, block: { attributes: [] } } },
      },
      { source: "registry.terraform.io/demo/demo", version: "1.0.0" },
    );
    const provider = doc.provider_schemas["registry.terraform.io/demo/demo"];
    expect(provider.resource_schemas.demo_thing.block.attributes!.secret.write_only).toBe(true);
    expect(provider.resource_schemas.demo_thing.block.attributes!.name.write_only).toBeUndefined();
    expect(Object.keys(provider.ephemeral_resource_schemas!)).toEqual(["demo_token"]);
  });
});
