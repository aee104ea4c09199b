import type { Schema, SchemaAttribute, SchemaBlock } from "../../terraform-model";
import {
  _tfplugin6_Schema_NestedBlock_NestingMode as BlockNesting,
  _tfplugin6_Schema_Object_NestingMode as ObjectNesting,
  type _tfplugin6_Schema_Attribute__Wire as WireAttribute,
  type _tfplugin6_Schema_Block__Wire as WireBlock,
  type Schema__Wire as WireSchema,
} from "../generated/tfplugin6/Schema";
import { StringKind } from "../generated/tfplugin6/StringKind";

// Provider schemas in their tfplugin6 message form.

const BLOCK_NESTING = {
  single: BlockNesting.SINGLE,
  list: BlockNesting.LIST,
  set: BlockNesting.SET,
  map: BlockNesting.MAP,
  group: BlockNesting.GROUP,
} as const;
const OBJECT_NESTING = {
  single: ObjectNesting.SINGLE,
  list: ObjectNesting.LIST,
  set: ObjectNesting.SET,
  map: ObjectNesting.MAP,
} as const;

const kind = (k: "plain" | "markdown" | undefined) =>
  k === "plain" ? StringKind.PLAIN : StringKind.MARKDOWN;

function attributeToWire(a: SchemaAttribute): WireAttribute {
  return {
    name: a.name,
    type: a.type !== undefined ? Buffer.from(JSON.stringify(a.type), "utf8") : undefined,
    nestedType: a.nestedType
      ? {
          attributes: a.nestedType.attributes.map(attributeToWire),
          nesting: OBJECT_NESTING[a.nestedType.nesting],
        }
      : undefined,
    description: a.description,
    descriptionKind: kind(a.descriptionKind),
    required: a.required,
    optional: a.optional,
    computed: a.computed,
    sensitive: a.sensitive,
    writeOnly: a.writeOnly,
    deprecated: a.deprecated,
  };
}

function blockToWire(b: SchemaBlock, version: number): WireBlock {
  return {
    version,
    attributes: b.attributes.map(attributeToWire),
    blockTypes: (b.blockTypes ?? []).map((nb) => ({
      typeName: nb.typeName,
      block: blockToWire(nb.block, 0),
      nesting: BLOCK_NESTING[nb.nesting],
      minItems: nb.minItems,
      maxItems: nb.maxItems,
    })),
    description: b.description,
    descriptionKind: kind(b.descriptionKind),
    deprecated: b.deprecated,
  };
}

export function schemaToWire(s: Schema): WireSchema {
  return { version: s.version, block: blockToWire(s.block, s.version) };
}
