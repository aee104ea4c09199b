// Schemas as the provider declares them: attributes, nested blocks and their cty types, in the shape
// terraform's schema messages and the `providers schema -json` document both carry.

/** cty type, in the JSON form terraform uses in schemas. */
export type CtyType =
  | "string"
  | "number"
  | "bool"
  | "dynamic"
  | ["list", CtyType]
  | ["set", CtyType]
  | ["map", CtyType]
  | ["object", { [name: string]: CtyType }]
  | ["tuple", CtyType[]];

export type NestingMode = "single" | "list" | "set" | "map" | "group";

export interface SchemaAttribute {
  name: string;
  /** Exactly one of type and nestedType. */
  type?: CtyType;
  nestedType?: NestedAttributeObject;
  description?: string;
  /** Defaults to markdown. */
  descriptionKind?: "plain" | "markdown";
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  /**
   * Only in the configuration (protocol 6.8, terraform 1.11+): terraform never stores it in a plan or a
   * state, and the provider answers null for it in every plan and state (src/terraform-model/write-only.ts).
   */
  writeOnly?: boolean;
  deprecated?: boolean;
}

export interface NestedAttributeObject {
  attributes: SchemaAttribute[];
  nesting: Exclude<NestingMode, "group">;
}

export interface NestedBlock {
  typeName: string;
  block: SchemaBlock;
  nesting: NestingMode;
  minItems?: number;
  maxItems?: number;
}

export interface SchemaBlock {
  attributes: SchemaAttribute[];
  blockTypes?: NestedBlock[];
  description?: string;
  descriptionKind?: "plain" | "markdown";
  deprecated?: boolean;
}

export interface Schema {
  version: number;
  block: SchemaBlock;
}

export interface ProviderSchemas {
  provider: Schema;
  resources: { [typeName: string]: Schema };
  dataSources: { [typeName: string]: Schema };
  /** Values opened for one run and never stored (protocol 6.7, terraform 1.10+). */
  ephemeralResources?: { [typeName: string]: Schema };
}
