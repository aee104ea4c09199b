// Renders provider schemas as the document `terraform providers schema -json` prints (format 1.0),
// plus the top-level `provider_versions` map that @cdktf/provider-generator reads to version the
// bindings. Mirrors terraform's encoding: map keys sorted, empty collections and false flags omitted,
// `description_kind` always present.

import type {
  CtyType,
  NestedAttributeObject,
  NestedBlock,
  ProviderSchemas,
  Schema,
  SchemaAttribute,
  SchemaBlock,
} from "./schema";

export interface AttributeJson {
  type?: CtyType;
  nested_type?: NestedTypeJson;
  description?: string;
  description_kind: "plain" | "markdown";
  deprecated?: true;
  required?: true;
  optional?: true;
  computed?: true;
  sensitive?: true;
  write_only?: true;
}

export interface NestedTypeJson {
  attributes?: Record<string, AttributeJson>;
  nesting_mode: NestedAttributeObject["nesting"];
}

export interface BlockTypeJson {
  nesting_mode: NestedBlock["nesting"];
  block: BlockJson;
  min_items?: number;
  max_items?: number;
}

export interface BlockJson {
  attributes?: Record<string, AttributeJson>;
  block_types?: Record<string, BlockTypeJson>;
  description?: string;
  description_kind: "plain" | "markdown";
  deprecated?: true;
}

export interface SchemaJson {
  version: number;
  block: BlockJson;
}

export interface ProviderSchemaJson {
  provider: SchemaJson;
  resource_schemas: Record<string, SchemaJson>;
  data_source_schemas: Record<string, SchemaJson>;
  ephemeral_resource_schemas?: Record<string, SchemaJson>;
}

export interface ProviderSchemasDocument {
  format_version: "1.0";
  provider_schemas: Record<string, ProviderSchemaJson>;
  provider_versions: Record<string, string>;
}

export function toProviderSchemaJson(
  schemas: ProviderSchemas,
  opts: { source: string; version: string },
): ProviderSchemasDocument {
  return {
    format_version: "1.0",
    provider_schemas: {
      [opts.source]: {
        provider: schemaJson(schemas.provider),
        resource_schemas: mapSorted(Object.entries(schemas.resources), schemaJson),
        data_source_schemas: mapSorted(Object.entries(schemas.dataSources), schemaJson),
        ...nonEmpty(
          "ephemeral_resource_schemas",
          mapSorted(Object.entries(schemas.ephemeralResources ?? {}), schemaJson),
        ),
      },
    },
    provider_versions: { [opts.source]: opts.version },
  };
}

function schemaJson(schema: Schema): SchemaJson {
  return { version: schema.version, block: blockJson(schema.block) };
}

function blockJson(block: SchemaBlock): BlockJson {
  return {
    ...nonEmpty("attributes", attributesJson(block.attributes)),
    ...nonEmpty(
      "block_types",
      mapSorted(
        (block.blockTypes ?? []).map((b) => [b.typeName, b]),
        blockTypeJson,
      ),
    ),
    ...(block.description !== undefined && { description: block.description }),
    description_kind: block.descriptionKind ?? "markdown",
    ...(block.deprecated && { deprecated: true as const }),
  };
}

function blockTypeJson(nested: NestedBlock): BlockTypeJson {
  return {
    nesting_mode: nested.nesting,
    block: blockJson(nested.block),
    ...(nested.minItems && { min_items: nested.minItems }),
    ...(nested.maxItems && { max_items: nested.maxItems }),
  };
}

function attributesJson(attributes: SchemaAttribute[]): Record<string, AttributeJson> {
  return mapSorted(
    attributes.map((a) => [a.name, a]),
    attributeJson,
  );
}

function attributeJson(a: SchemaAttribute): AttributeJson {
  return {
    ...(a.type !== undefined && { type: a.type }),
    ...(a.nestedType !== undefined && { nested_type: nestedTypeJson(a.nestedType) }),
    ...(a.description !== undefined && { description: a.description }),
    description_kind: a.descriptionKind ?? "markdown",
    ...(a.deprecated && { deprecated: true as const }),
    ...(a.required && { required: true as const }),
    ...(a.optional && { optional: true as const }),
    ...(a.computed && { computed: true as const }),
    ...(a.sensitive && { sensitive: true as const }),
    ...(a.writeOnly && { write_only: true as const }),
  };
}

function nestedTypeJson(nested: NestedAttributeObject): NestedTypeJson {
  return { ...nonEmpty("attributes", attributesJson(nested.attributes)), nesting_mode: nested.nesting };
}

function mapSorted<T, R>(entries: [string, T][], convert: (value: T) => R): Record<string, R> {
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(sorted.map(([name, value]) => [name, convert(value)]));
}

function nonEmpty<K extends string, V>(
  key: K,
  record: Record<string, V>,
): Partial<Record<K, Record<string, V>>> {
  return Object.keys(record).length > 0 ? ({ [key]: record } as Record<K, Record<string, V>>) : {};
}
