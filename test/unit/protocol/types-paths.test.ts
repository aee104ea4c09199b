import { diagnosticToWire } from "../../../src/protocol/diagnostics";
import type { SchemaBlock } from "../../../src/terraform-model";
import { pathFromWire, pathToWire } from "../../../src/protocol/paths";
import { impliedType, parseCtyType } from "../../../src/protocol/values/types";

describe("impliedType", () => {
  it("derives object types from attributes, nested attributes and blocks", () => {
    const nested = (nesting: "single" | "list" | "set" | "map") => ({
      name: `n_${nesting}`,
      nestedType: { nesting, attributes: [{ name: "x", type: "string" as const, optional: true }] },
      optional: true,
    });
    const block: SchemaBlock = {
      attributes: [
        { name: "id", type: "string", computed: true },
        nested("single"),
        nested("list"),
        nested("set"),
        nested("map"),
      ],
      blockTypes: [
        { typeName: "b_single", nesting: "single", block: { attributes: [{ name: "y", type: "number" }] } },
        { typeName: "b_group", nesting: "group", block: { attributes: [] } },
        { typeName: "b_list", nesting: "list", block: { attributes: [{ name: "y", type: "number" }] } },
        { typeName: "b_set", nesting: "set", block: { attributes: [] } },
        { typeName: "b_map", nesting: "map", block: { attributes: [] } },
      ],
    };
    const x = ["object", { x: "string" }];
    expect(impliedType(block)).toEqual([
      "object",
      {
        id: "string",
        n_single: x,
        n_list: ["list", x],
        n_set: ["set", x],
        n_map: ["map", x],
        b_single: ["object", { y: "number" }],
        b_group: ["object", {}],
        b_list: ["list", ["object", { y: "number" }]],
        b_set: ["set", ["object", {}]],
        b_map: ["map", ["object", {}]],
      },
    ]);
  });

  it("parses cty type JSON and rejects anything else", () => {
    expect(parseCtyType(["map", ["tuple", ["bool", "dynamic"]]])).toEqual([
      "map",
      ["tuple", ["bool", "dynamic"]],
    ]);
    expect(() => parseCtyType(["list"])).toThrow(/not a terraform type/);
    expect(() => parseCtyType("int")).toThrow(/not a terraform type/);
  });
});

describe("attribute paths and diagnostics", () => {
  const path = [{ attr: "tags" }, { key: "env" }, { attr: "rule" }, { index: 2 }];

  it("converts to tfplugin6 steps and back", () => {
    const wire = pathToWire(path);
    expect(wire).toEqual({
      steps: [
        { attributeName: "tags" },
        { elementKeyString: "env" },
        { attributeName: "rule" },
        { elementKeyInt: 2 },
      ],
    });
    expect(pathFromWire(wire)).toEqual(path);
  });

  it("encodes severity, texts and the attribute", () => {
    expect(diagnosticToWire({ severity: "warning", summary: "s", detail: "d", attribute: path })).toEqual({
      severity: 2,
      summary: "s",
      detail: "d",
      attribute: pathToWire(path),
    });
    expect(diagnosticToWire({ severity: "error", summary: "s" })).toEqual({
      severity: 1,
      summary: "s",
      detail: undefined,
      attribute: undefined,
    });
  });
});
