import type { Schema, SchemaAttribute, SchemaBlock } from "../../terraform-model";
import type { Message } from "../wire/protobuf";
import { NESTING, StringKind } from "../wire/messages";

// Provider schemas in their tfplugin6 message form.

const kind = (k: "plain" | "markdown" | undefined): number =>
  k === "plain" ? StringKind.Plain : StringKind.Markdown;

function attributeToWire(a: SchemaAttribute): Message {
  return {
    name: a.name,
    type: a.type !== undefined ? Buffer.from(JSON.stringify(a.type), "utf8") : undefined,
    nestedType: a.nestedType
      ? { attributes: a.nestedType.attributes.map(attributeToWire), nesting: NESTING[a.nestedType.nesting] }
      : undefined,
    description: a.description,
    descriptionKind: kind(a.descriptionKind),
    required: a.required,
    optional: a.optional,
    computed: a.computed,
    sensitive: a.sensitive,
    deprecated: a.deprecated,
  };
}

function blockToWire(b: SchemaBlock, version: number): Message {
  return {
    version,
    attributes: b.attributes.map(attributeToWire),
    blockTypes: (b.blockTypes ?? []).map((nb) => ({
      typeName: nb.typeName,
      block: blockToWire(nb.block, 0),
      nesting: NESTING[nb.nesting],
      minItems: nb.minItems,
      maxItems: nb.maxItems,
    })),
    description: b.description,
    descriptionKind: kind(b.descriptionKind),
    deprecated: b.deprecated,
  };
}

export function schemaToWire(s: Schema): Message {
  return { version: s.version, block: blockToWire(s.block, s.version) };
}
