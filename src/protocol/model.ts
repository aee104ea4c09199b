// The protocol-neutral model a provider implements: Terraform values, schemas, diagnostics and the
// handler interface. The gRPC layer (server.ts and the per-RPC files) decodes requests into these
// types, calls the handler and encodes its answer; the provider never sees protobuf or msgpack.

/** A value terraform does not know yet (msgpack extension 0, or a refined unknown, extension 12). */
export class UnknownValue {
  /** Makes the class nominal, so type guards on it do not also exclude plain objects. */
  private readonly unknownBrand = true;
  toString(): string {
    return "(known after apply)";
  }
}
export const UNKNOWN = new UnknownValue();
export const isUnknown = (v: unknown): v is UnknownValue => v instanceof UnknownValue;

/**
 * A number too large or too precise for a JS number is kept as its exact decimal text, so that a
 * value read from terraform is written back unchanged.
 */
export class BigNumberValue {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * A decoded terraform value. Objects and maps are plain objects (objects always carry every
 * attribute of their type, null when unset); lists, sets and tuples are arrays.
 */
export type Value =
  null | string | number | boolean | BigNumberValue | UnknownValue | Value[] | { [key: string]: Value };

export type ValueObject = { [key: string]: Value };

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
}

/** One step of an attribute path: an attribute name, a map key or a list index. */
export type PathStep = { attr: string } | { key: string } | { index: number };
export type AttributePath = PathStep[];

export interface Diagnostic {
  severity: "error" | "warning";
  summary: string;
  detail?: string;
  attribute?: AttributePath;
}

export interface Diagnosed {
  diagnostics: Diagnostic[];
}

export interface ConfigureProviderRequest {
  config: Value;
  terraformVersion: string;
}

export interface ValidateConfigRequest {
  typeName: string;
  config: Value;
}

export interface UpgradeResourceStateRequest {
  typeName: string;
  version: number;
  /** The stored state, already decoded (losslessly) against the current schema's type. */
  rawState: Value;
}

export interface ReadResourceRequest {
  typeName: string;
  currentState: Value;
  private: Buffer;
}

export interface PlanResourceChangeRequest {
  typeName: string;
  priorState: Value;
  proposedNewState: Value;
  config: Value;
  priorPrivate: Buffer;
}

export interface PlanResourceChangeResponse extends Diagnosed {
  plannedState: Value;
  requiresReplace: AttributePath[];
  plannedPrivate?: Buffer;
}

export interface ApplyResourceChangeRequest {
  typeName: string;
  priorState: Value;
  /** null when destroying. */
  plannedState: Value;
  config: Value;
  plannedPrivate: Buffer;
}

export interface ImportResourceStateRequest {
  typeName: string;
  id: string;
}

export interface ImportedResource {
  typeName: string;
  state: Value;
  private?: Buffer;
}

export interface ReadDataSourceRequest {
  typeName: string;
  config: Value;
}

/**
 * What a provider implements. Every method resolves (never rejects) with diagnostics describing
 * failures; the gRPC layer still turns an unexpected rejection into an error diagnostic.
 */
export interface ProviderHandler {
  getSchema(): ProviderSchemas;
  validateProviderConfig(req: { config: Value }): Promise<Diagnosed>;
  configureProvider(req: ConfigureProviderRequest): Promise<Diagnosed>;
  validateResourceConfig(req: ValidateConfigRequest): Promise<Diagnosed>;
  validateDataResourceConfig(req: ValidateConfigRequest): Promise<Diagnosed>;
  upgradeResourceState(req: UpgradeResourceStateRequest): Promise<Diagnosed & { upgradedState: Value }>;
  readResource(req: ReadResourceRequest): Promise<Diagnosed & { newState: Value; private?: Buffer }>;
  planResourceChange(req: PlanResourceChangeRequest): Promise<PlanResourceChangeResponse>;
  applyResourceChange(
    req: ApplyResourceChangeRequest,
  ): Promise<Diagnosed & { newState: Value; private?: Buffer }>;
  importResourceState(
    req: ImportResourceStateRequest,
  ): Promise<Diagnosed & { importedResources: ImportedResource[] }>;
  readDataSource(req: ReadDataSourceRequest): Promise<Diagnosed & { state: Value }>;
  /** StopProvider: cancel in-flight work (waits) and return promptly. */
  stop(): Promise<void>;
}
