// The generic planner: plan behaviour declared on a resource's schema attributes, applied the same way for
// every resource, like plan modifiers in terraform-plugin-framework. The declaration also writes the
// "Changing it replaces ..." sentence of the attribute's description, so schema prose and plan agree.

import {
  type AttributePath,
  type Diagnostic,
  isUnknown,
  type NestedAttributeObject,
  type PathStep,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type SchemaAttribute,
  UNKNOWN,
  type Value,
  type ValueObject,
} from "../terraform-model";
import { asObject, sameValue } from "./values";

/**
 * - `replace`: any change replaces the resource.
 * - `replace-when-configured`: a configured, different value replaces it; a null configuration keeps the
 *   prior value (the service chose it).
 * - `unknown-on-update`: set by the service's workflow, so unknown whenever an update reaches the service.
 */
export type PlanBehaviour = "replace" | "replace-when-configured" | "unknown-on-update";

/** A schema attribute with its plan behaviour; nested attributes may declare their own. */
export type DeclaredAttribute = Omit<SchemaAttribute, "nestedType"> & {
  plan?: PlanBehaviour;
  nestedType?: { nesting: NestedAttributeObject["nesting"]; attributes: DeclaredAttribute[] };
};

/** The attributes as terraform sees them: plan behaviour dropped, replacement said in the description. */
export function schemaAttributes(attrs: DeclaredAttribute[], noun: string): SchemaAttribute[] {
  return attrs.map(({ plan, nestedType, ...attr }) => {
    const out: SchemaAttribute = { ...attr };
    if (plan === "replace" || plan === "replace-when-configured")
      out.description = `${attr.description ?? ""} Changing it replaces the ${noun}.`.trim();
    if (nestedType) {
      out.nestedType = {
        nesting: nestedType.nesting,
        attributes: schemaAttributes(nestedType.attributes, noun),
      };
    }
    return out;
  });
}

/**
 * The proposed state of a create with what the service will decide marked unknown: computed-only
 * attributes, and optional+computed ones the configuration leaves null.
 */
export function plannedCreate(
  attrs: DeclaredAttribute[],
  proposed: ValueObject,
  config: ValueObject,
): ValueObject {
  const planned: ValueObject = { ...proposed };
  for (const a of attrs) {
    if (a.computed && (!a.optional || config[a.name] === null)) planned[a.name] = UNKNOWN;
  }
  return planned;
}

/** The attributes an update marks unknown because the service's workflow sets them. */
export function markUpdatedOutputs(attrs: DeclaredAttribute[], planned: ValueObject): void {
  for (const a of attrs) if (a.plan === "unknown-on-update") planned[a.name] = UNKNOWN;
}

/** The paths whose change replaces the resource, in schema order (map keys sorted). */
export function replacementPaths(
  attrs: DeclaredAttribute[],
  prior: ValueObject,
  planned: ValueObject,
  config: ValueObject,
): AttributePath[] {
  const paths: AttributePath[] = [];
  for (const a of attrs) {
    const at: PathStep = { attr: a.name };
    if (a.plan === "replace" && !sameValue(prior[a.name], planned[a.name])) paths.push([at]);
    if (
      a.plan === "replace-when-configured" &&
      config[a.name] !== null &&
      !sameValue(prior[a.name], planned[a.name])
    )
      paths.push([at]);
    if (a.nestedType?.nesting === "map") paths.push(...mapReplacements(a, prior[a.name], planned[a.name]));
  }
  return paths;
}

/** Replacing changes inside a map of nested objects: each key's `replace` attributes, compared by key. */
function mapReplacements(a: DeclaredAttribute, prior: Value, planned: Value): AttributePath[] {
  const replacing = a.nestedType!.attributes.filter((n) => n.plan === "replace");
  if (replacing.length === 0) return [];
  const before = asObject(prior) ?? {};
  const after = asObject(planned);
  const paths: AttributePath[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    for (const n of replacing) {
      const was = asObject(before[key])?.[n.name] ?? null;
      const will = isUnknown(planned) ? UNKNOWN : (asObject(after?.[key])?.[n.name] ?? null);
      if (!sameValue(was, will)) paths.push([{ attr: a.name }, { key }, { attr: n.name }]);
    }
  }
  return paths;
}

/**
 * The whole plan of a resource whose behaviour its declarations say (appmgmt_application,
 * appmgmt_instance_workflow): the configuration's checks, unknowns on create, replacement paths on update,
 * and `inPlace` for what an in-place update changes besides (it may mark outputs unknown in `planned`).
 */
export function planDeclared(
  req: PlanResourceChangeRequest,
  attrs: DeclaredAttribute[],
  validate: (config: ValueObject) => Diagnostic[],
  inPlace: (prior: ValueObject, planned: ValueObject) => void = () => {},
): PlanResourceChangeResponse {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const config = asObject(req.config) ?? proposed;
  const diagnostics = validate(config);
  const prior = asObject(req.priorState);
  if (!prior)
    return { plannedState: plannedCreate(attrs, proposed, config), requiresReplace: [], diagnostics };
  const planned: ValueObject = { ...proposed };
  const requiresReplace = replacementPaths(attrs, prior, planned, config);
  if (requiresReplace.length === 0) inPlace(prior, planned);
  return { plannedState: planned, requiresReplace, diagnostics };
}
