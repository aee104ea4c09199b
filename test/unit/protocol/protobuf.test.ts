import { registry } from "../../../src/protocol/generated/descriptors";
import {
  ProtobufError,
  decodeMessage,
  encodeMessage,
  type Registry,
} from "../../../src/protocol/wire/protobuf";

describe("protobuf codec", () => {
  it("round-trips nested messages, repeated fields, maps, enums, bytes and bools", () => {
    const schema = {
      version: 3,
      block: {
        version: 3,
        attributes: [
          { name: "id", type: Buffer.from('"string"'), computed: true, descriptionKind: 1 },
          {
            name: "nested",
            nestedType: {
              attributes: [{ name: "x", type: Buffer.from('"number"'), optional: true }],
              nesting: 2,
            },
            optional: true,
          },
        ],
        blockTypes: [{ typeName: "rule", nesting: 3, minItems: 1, maxItems: 5, block: { attributes: [] } }],
        description: "héllo",
      },
    };
    const resourceSchemas: Record<string, unknown> = { a_thing: schema };
    Object.defineProperty(resourceSchemas, "__proto__", { value: schema, enumerable: true });
    const msg = {
      provider: schema,
      resourceSchemas,
      diagnostics: [
        {
          severity: 2,
          summary: "careful",
          attribute: { steps: [{ attributeName: "a" }, { elementKeyInt: 7 }] },
        },
      ],
      serverCapabilities: { planDestroy: false, getProviderSchemaOptional: false },
    };
    const decoded = decodeMessage(
      registry,
      "tfplugin6.GetProviderSchema.Response",
      encodeMessage(registry, "tfplugin6.GetProviderSchema.Response", msg),
    );
    const provider = decoded.provider as typeof schema;
    expect(provider.version).toBe(3);
    expect(provider.block.description).toBe("héllo");
    expect(provider.block.attributes[0].name).toBe("id");
    expect(Buffer.from(provider.block.attributes[0].type as Buffer).toString()).toBe('"string"');
    expect(provider.block.attributes[0].computed).toBe(true);
    expect(provider.block.attributes[0].descriptionKind).toBe(1);
    expect(provider.block.attributes[1].nestedType!.nesting).toBe(2);
    expect(provider.block.attributes[1].nestedType!.attributes[0].name).toBe("x");
    expect(provider.block.blockTypes[0]).toMatchObject({
      typeName: "rule",
      nesting: 3,
      minItems: 1,
      maxItems: 5,
    });
    const resources = decoded.resourceSchemas as Record<string, unknown>;
    expect(Object.keys(resources).sort()).toEqual(["__proto__", "a_thing"]);
    expect(Object.getPrototypeOf(resources)).toBe(Object.prototype);
    expect(decoded.diagnostics).toEqual([
      {
        severity: 2,
        summary: "careful",
        detail: "",
        attribute: {
          steps: [
            { attributeName: "a", elementKeyString: "", elementKeyInt: 0 },
            { attributeName: "", elementKeyString: "", elementKeyInt: 7 },
          ],
        },
      },
    ]);
  });

  it("fills defaults for absent fields, an absent message as null (as the generated types say)", () => {
    const decoded = decodeMessage(registry, "tfplugin6.ReadResource.Request", Buffer.alloc(0));
    expect(decoded).toEqual({
      typeName: "",
      currentState: null,
      private: Buffer.alloc(0),
      clientCapabilities: null,
    });
  });

  it("skips fields it does not know, of every wire type", () => {
    const wide: Registry = new Map([
      [
        "Wide",
        {
          name: "Wide",
          fields: [
            { no: 1, name: "typeName", kind: "string" },
            { no: 9, name: "extraVarint", kind: "int64" },
            { no: 10, name: "extraBytes", kind: "bytes" },
            { no: 11, name: "extraMessage", kind: "message", ref: "Wide" },
          ],
        },
      ],
    ]);
    const bytes = encodeMessage(wide, "Wide", {
      extraVarint: 123456789,
      typeName: "appmgmt_thing",
      extraBytes: Buffer.from([1, 2, 3]),
      extraMessage: { typeName: "inner" },
    });
    // fixed64 (wire type 1) and fixed32 (wire type 5) fields, numbers 12 and 13
    const fixed = Buffer.from([12 * 8 + 1, 1, 2, 3, 4, 5, 6, 7, 8, 13 * 8 + 5, 1, 2, 3, 4]);
    const decoded = decodeMessage(
      registry,
      "tfplugin6.ImportResourceState.Request",
      Buffer.concat([bytes, fixed]),
    );
    expect(decoded).toEqual({ typeName: "appmgmt_thing", id: "", clientCapabilities: null });
  });

  it("encodes negative int64 as ten-byte two's complement and reads it back", () => {
    const bytes = encodeMessage(registry, "tfplugin6.AttributePath.Step", { elementKeyInt: -2 });
    expect(bytes.length).toBe(11);
    expect(decodeMessage(registry, "tfplugin6.AttributePath.Step", bytes).elementKeyInt).toBe(-2);
  });

  it("rejects truncated and malformed input with a ProtobufError", () => {
    const good = encodeMessage(registry, "tfplugin6.ImportResourceState.Request", {
      typeName: "t",
      id: "some-id",
    });
    expect(() =>
      decodeMessage(registry, "tfplugin6.ImportResourceState.Request", good.subarray(0, good.length - 2)),
    ).toThrow(ProtobufError);
    expect(() =>
      decodeMessage(registry, "tfplugin6.ImportResourceState.Request", Buffer.from([0xff, 0xff])),
    ).toThrow(ProtobufError);
    // field 1 (a string) sent as a varint
    expect(() =>
      decodeMessage(registry, "tfplugin6.ImportResourceState.Request", Buffer.from([0x08, 0x01])),
    ).toThrow(/wire type/);
    expect(() =>
      decodeMessage(registry, "tfplugin6.ImportResourceState.Request", Buffer.from([0x0b])),
    ).toThrow(/wire type 3/);
  });

  it("does not write fields holding proto3 defaults", () => {
    expect(
      encodeMessage(registry, "tfplugin6.ServerCapabilities", {
        planDestroy: false,
        getProviderSchemaOptional: false,
      }),
    ).toHaveLength(0);
    expect(encodeMessage(registry, "tfplugin6.Diagnostic", { severity: 1, summary: "" })).toEqual(
      Buffer.from([0x08, 0x01]),
    );
    expect(
      encodeMessage(registry, "tfplugin6.Diagnostic", { severity: "INVALID", summary: "" }),
    ).toHaveLength(0);
  });

  it("takes what the generated input types allow: enum names, int64 as strings, bytes as base64", () => {
    expect(encodeMessage(registry, "tfplugin6.Diagnostic", { severity: "WARNING" })).toEqual(
      encodeMessage(registry, "tfplugin6.Diagnostic", { severity: 2 }),
    );
    expect(() => encodeMessage(registry, "tfplugin6.Diagnostic", { severity: "LOUD" })).toThrow(
      /LOUD is not a value of its enum/,
    );
    expect(encodeMessage(registry, "tfplugin6.Schema", { version: "7" })).toEqual(
      encodeMessage(registry, "tfplugin6.Schema", { version: 7 }),
    );
    expect(encodeMessage(registry, "tfplugin6.DynamicValue", { msgpack: "AAE=" })).toEqual(
      encodeMessage(registry, "tfplugin6.DynamicValue", { msgpack: Buffer.from([0, 1]) }),
    );
  });

  it("reads a map of strings, and an entry without its value as the value's default", () => {
    const flatmap = { id: "x", "tags.%": "0" };
    const bytes = encodeMessage(registry, "tfplugin6.RawState", { flatmap });
    expect(decodeMessage(registry, "tfplugin6.RawState", bytes)).toEqual({ json: Buffer.alloc(0), flatmap });
    const keyOnly = Buffer.from([0x12, 0x04, 0x0a, 0x02, 0x69, 0x64]); // flatmap entry { key: "id" }
    expect(decodeMessage(registry, "tfplugin6.RawState", keyOnly).flatmap).toEqual({ id: "" });
  });
});
