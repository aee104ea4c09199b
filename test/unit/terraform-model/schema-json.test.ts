import type { ProviderSchemas } from "../../../src/terraform-model";
import { toProviderSchemaJson } from "../../../src/terraform-model/schema-json";

const schemas: ProviderSchemas = {
  provider: {
    version: 0,
    block: { attributes: [{ name: "token", type: "string", optional: true, sensitive: true }] },
  },
  resources: {
    demo_thing: {
      version: 1,
      block: {
        description: "A thing.",
        attributes: [
          { name: "name", type: "string", required: true, description: "Name.", descriptionKind: "plain" },
          { name: "id", type: "string", computed: true },
          { name: "tags", type: ["map", "string"], optional: true, deprecated: true },
          {
            name: "parts",
            optional: true,
            nestedType: {
              nesting: "map",
              attributes: [{ name: "size", type: "number", optional: true, computed: true }],
            },
          },
        ],
        blockTypes: [
          {
            typeName: "timeouts",
            nesting: "single",
            block: { attributes: [{ name: "create", type: "string", optional: true }] },
          },
          { typeName: "rule", nesting: "list", minItems: 1, maxItems: 3, block: { attributes: [] } },
        ],
      },
    },
  },
  dataSources: {
    demo_things: { version: 0, block: { attributes: [] } },
  },
};

describe("toProviderSchemaJson", () => {
  const doc = toProviderSchemaJson(schemas, { source: "registry.terraform.io/demo/demo", version: "1.2.3" });

  it("produces terraform's document with provider_versions", () => {
    expect(doc.format_version).toBe("1.0");
    expect(Object.keys(doc.provider_schemas)).toEqual(["registry.terraform.io/demo/demo"]);
    expect(doc.provider_versions).toEqual({ "registry.terraform.io/demo/demo": "1.2.3" });
    const provider = doc.provider_schemas["registry.terraform.io/demo/demo"];
    expect(provider.provider).toEqual({
      version: 0,
      block: {
        attributes: {
          token: { type: "string", description_kind: "markdown", optional: true, sensitive: true },
        },
        description_kind: "markdown",
      },
    });
    expect(provider.data_source_schemas).toEqual({
      demo_things: { version: 0, block: { description_kind: "markdown" } },
    });
  });

  it("encodes attributes, nested types and blocks with sorted keys and omitted empty fields", () => {
    const thing = doc.provider_schemas["registry.terraform.io/demo/demo"].resource_schemas.demo_thing;
    expect(thing.version).toBe(1);
    expect(Object.keys(thing.block.attributes!)).toEqual(["id", "name", "parts", "tags"]);
    expect(thing.block).toEqual({
      attributes: {
        id: { type: "string", description_kind: "markdown", computed: true },
        name: { type: "string", description: "Name.", description_kind: "plain", required: true },
        parts: {
          nested_type: {
            attributes: {
              size: { type: "number", description_kind: "markdown", optional: true, computed: true },
            },
            nesting_mode: "map",
          },
          description_kind: "markdown",
          optional: true,
        },
        tags: { type: ["map", "string"], description_kind: "markdown", deprecated: true, optional: true },
      },
      block_types: {
        rule: { nesting_mode: "list", block: { description_kind: "markdown" }, min_items: 1, max_items: 3 },
        timeouts: {
          nesting_mode: "single",
          block: {
            attributes: { create: { type: "string", description_kind: "markdown", optional: true } },
            description_kind: "markdown",
          },
        },
      },
      description: "A thing.",
      description_kind: "markdown",
    });
    expect(Object.keys(thing.block.block_types!)).toEqual(["rule", "timeouts"]);
  });

  it("is plain JSON (round-trips unchanged)", () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
