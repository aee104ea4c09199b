// The shape every managed resource implements (as DataSource does for data sources). The provider routes
// each RPC to these methods by type name; src/provider/catalog.ts lists the resources.

import {
  type Diagnosed,
  type Diagnostic,
  errorDiagnostic,
  type ImportedResource,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type ReadResourceRequest,
  type Schema,
  type Value,
  type ValueObject,
} from "../terraform-model";
import { ID_PATTERN } from "../service/limits";
import type { ProviderContext } from "./context";

export type ApplyResult = Diagnosed & { newState: Value; private?: Buffer };
export type ImportResult = Diagnosed & { importedResources: ImportedResource[] };

/** An import that finds nothing to import: no resource, and the error saying why. */
export function importFailed(summary: string, detail: string): ImportResult {
  return { importedResources: [], diagnostics: [errorDiagnostic(summary, detail)] };
}

/** The failed import of an id that is not one of the service's ids, or undefined for a well-formed id. */
export function badImportId(typeName: string, kind: string, importId: string): ImportResult | undefined {
  if (ID_PATTERN.test(importId.trim())) return undefined;
  return importFailed(
    "Invalid import id",
    `Import ${typeName} by its ${kind} id (a 24-character lowercase hexadecimal string); got ` +
      `${JSON.stringify(importId.slice(0, 80))}.`,
  );
}

export interface Resource {
  typeName: string;
  schema: Schema;
  /** Checks of a configuration on its own (ValidateResourceConfig); unknown values are skipped. */
  validate(config: ValueObject): Diagnostic[];
  /** `ctx`: for a plan that asks the service (an instance's environment_name). */
  plan(
    req: PlanResourceChangeRequest,
    ctx: ProviderContext,
  ): PlanResourceChangeResponse | Promise<PlanResourceChangeResponse>;
  create(ctx: ProviderContext, planned: ValueObject, config: ValueObject): Promise<ApplyResult>;
  /** The state as the service sees it now; null when the object is gone. */
  read(ctx: ProviderContext, req: ReadResourceRequest): Promise<ApplyResult>;
  update(
    ctx: ProviderContext,
    prior: ValueObject,
    planned: ValueObject,
    config: ValueObject,
    plannedPrivate: Buffer,
  ): Promise<ApplyResult>;
  /** `priorPrivate`: the private state terraform hands a destroy (its planned private). */
  delete(ctx: ProviderContext, prior: ValueObject, priorPrivate: Buffer): Promise<ApplyResult>;
  import(ctx: ProviderContext, id: string): Promise<ImportResult>;
  /**
   * A stored state of schema `version` (decoded against this schema's type) as this schema stores it
   * (UpgradeResourceState); by default a state of this version is kept as it is and any other refused.
   */
  upgrade(version: number, rawState: Value): Diagnosed & { upgradedState: Value };
}

/**
 * A resource as written: what it does; the rest is the defaults of `defineResource`. `notImportable`, for a
 * resource without `import`: why, and what to do instead.
 */
export type ResourceDefinition = Pick<Resource, "typeName" | "schema" | "validate" | "plan" | "create"> &
  Partial<Pick<Resource, "read" | "update" | "delete" | "import" | "upgrade">> & { notImportable?: string };

/**
 * The resource with a default for each member its definition leaves out, for an object the service does not
 * hold (as terraform_data): read keeps the state, an update is its plan, delete forgets it, import is refused.
 */
export function defineResource({ notImportable, ...def }: ResourceDefinition): Resource {
  return {
    read: (_ctx, req) => Promise.resolve({ newState: req.currentState, diagnostics: [] }),
    update: (_ctx, _prior, planned) => Promise.resolve({ newState: planned, diagnostics: [] }),
    delete: () => Promise.resolve({ newState: null, diagnostics: [] }),
    import: () =>
      Promise.resolve(
        importFailed(
          `${def.typeName} cannot be imported`,
          notImportable ?? "It is not an object of the service: declare the resource and apply.",
        ),
      ),
    upgrade: (version, rawState) => keepOrRefuse(def.typeName, def.schema.version, version, rawState),
    ...def,
  };
}

/** A state of the schema's version as it is; one of another version (a newer provider's) refused, saying why. */
export function keepOrRefuse(
  typeName: string,
  current: number,
  version: number,
  rawState: Value,
): Diagnosed & { upgradedState: Value } {
  if (version <= current) return { upgradedState: rawState, diagnostics: [] };
  return {
    upgradedState: null,
    diagnostics: [
      errorDiagnostic(
        `${typeName}: state written by a newer provider`,
        `The state of this ${typeName} has schema version ${version}; this provider writes version ${current} ` +
          "and cannot read a newer one. Use the provider version that wrote it (or a later one).",
      ),
    ],
  };
}
