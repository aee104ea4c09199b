// The generic planner: plan behaviour declared on a resource's schema attributes, applied the same way for
// every resource, like plan modifiers in terraform-plugin-framework. The declaration also writes the
// "Changing it replaces ..." sentence of the attribute's description, so schema prose and plan agree.

import {
  asObject,
  type AttributePath,
  type Diagnostic,
  isUnknown,
  type NestedAttributeObject,
  type PathStep,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type SchemaAttribute,
  sameValue,
  UNKNOWN,
  type Value,
  type ValueObject,
} from "../terraform-model";

/**
 * - `replace`: any change replaces the resource.
 * - `replace-when-configured`: a configured, different value replaces it; a null configuration keeps the
 *   prior value (the service chose it).
 */
export type PlanBehaviour = "replace" | "replace-when-configured";

/**
 * What an in-place update plans for a computed attribute the configuration leaves null, as in
 * terraform-plugin-framework: unknown (`unknown`, the framework's default: the update may set it) unless
 * declared `stable` (the framework's UseStateForUnknown: no update changes it, so the prior value stays).
 * Every computed attribute declares one (test/unit/provider/planner.test.ts holds every schema to it).
 */
export type UpdateBehaviour = "unknown" | "stable";

/** A schema attribute with its plan behaviour; nested attributes may declare their own. */
export type DeclaredAttribute = Omit<SchemaAttribute, "nestedType"> & {
  plan?: PlanBehaviour;
  onUpdate?: UpdateBehaviour;
  nestedType?: { nesting: NestedAttributeObject["nesting"]; attributes: DeclaredAttribute[] };
};

/** The attributes as terraform sees them: plan behaviour dropped, replacement said in the description. */
export function schemaAttributes(attrs: DeclaredAttribute[], noun: string): SchemaAttribute[] {
  return attrs.map(({ plan, onUpdate: _onUpdate, nestedType, ...attr }) => {
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

/**
 * An in-place update's computed attributes that the configuration leaves null: unknown unless declared
 * `stable`; with `keep`, all keep their prior values (an update that changes nothing the service sets).
 */
function planComputed(
  attrs: DeclaredAttribute[],
  prior: ValueObject,
  planned: ValueObject,
  config: ValueObject,
  keep: boolean,
): void {
  for (const a of attrs) {
    if (!a.computed || (a.optional && config[a.name] !== null)) continue;
    planned[a.name] = keep || a.onUpdate === "stable" ? prior[a.name] : UNKNOWN;
  }
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

/** What a resource's in-place hook adds to the plan of an update (the framework's ModifyPlan: a new plan). */
export interface InPlacePlan {
  /** Planned values that differ from the planner's plan, by attribute: set over it. */
  planned?: ValueObject;
  /**
   * The update changes no computed attribute (nothing reaches the service, or nothing an output shows):
   * they keep their prior values.
   */
  localOnly?: boolean;
  diagnostics?: Diagnostic[];
  /** The private state the apply gets; default the prior one. */
  plannedPrivate?: Buffer;
}

/**
 * The whole plan of a resource, from its declarations: the configuration's checks (with the prior state: none
 * on a create), unknowns on create, replacement paths on update and, for an in-place update that changes
 * something, computed attributes unknown unless declared stable; then `inPlace` for what is particular to the
 * resource (it returns the planned values it changes, may say the change is local-only, and plans the private
 * state from the prior one).
 */
export function planDeclared(
  req: PlanResourceChangeRequest,
  attrs: DeclaredAttribute[],
  validate: (config: ValueObject, prior: ValueObject | null) => Diagnostic[],
  inPlace: (
    prior: ValueObject,
    planned: Readonly<ValueObject>,
    priorPrivate: Buffer,
  ) => InPlacePlan = () => ({}),
): Omit<PlanResourceChangeResponse, "plannedState"> & { plannedState: ValueObject | null } {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const config = asObject(req.config) ?? proposed;
  const prior = asObject(req.priorState);
  const diagnostics = validate(config, prior);
  if (!prior)
    return { plannedState: plannedCreate(attrs, proposed, config), requiresReplace: [], diagnostics };
  let planned: ValueObject = { ...proposed };
  const requiresReplace = replacementPaths(attrs, prior, planned, config);
  let plannedPrivate = req.priorPrivate;
  if (requiresReplace.length === 0 && !sameValue(prior, proposed)) {
    planComputed(attrs, prior, planned, config, false);
    const own = inPlace(prior, planned, req.priorPrivate);
    if (own.localOnly) planComputed(attrs, prior, planned, config, true);
    if (own.planned) planned = { ...planned, ...own.planned };
    diagnostics.push(...(own.diagnostics ?? []));
    plannedPrivate = own.plannedPrivate ?? plannedPrivate;
  }
  return { plannedState: planned, requiresReplace, diagnostics, plannedPrivate };
}
