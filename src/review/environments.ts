// The review of the plan's appmgmt_environment changes, in words (issue 30 item 6): an environment created
// by cloning which one (by name), changed (properties and markers added, changed and removed, property types,
// the policies that are added, changed or removed), replaced or forgotten (the API cannot delete one).

import { naturalCompare } from "../rules";
import { ENVIRONMENT_TYPE, INSTANCE_TYPE } from "../provider/resource-types";
import { policiesDocument } from "../service/environment-limits";
import type { PlanJson, ResourceChange } from "./plan-json";
import { strings } from "./plan-values";
import { asObj, flagged, type Obj } from "./plan-values";
import type { EnvironmentReview } from "./types";

const has = (rc: ResourceChange, action: string) => rc.change.actions.includes(action);
const KEPT =
  "it stays in the service with its properties, markers and policies (the API cannot delete an environment)";

/** The review of one environment change; undefined when nothing happens to it. */
export function reviewEnvironment(
  rc: ResourceChange,
  names: ReadonlyMap<string, string>,
): EnvironmentReview | undefined {
  const before = asObj(rc.change.before);
  const after = asObj(rc.change.after);
  const name = [after, before].map((v) => v?.name).find((n) => typeof n === "string") as string | undefined;
  const unknown = (attr: string) => flagged(rc.change.after_unknown, [attr]);
  let action: string;
  if (has(rc, "create")) {
    const source = unknown("clone_from")
      ? "an environment created in this apply"
      : environmentLabel(after?.clone_from, after?.clone_from_name, names);
    const replaced = (rc.change.replace_paths ?? []).map((p) => String(p[0])).sort(naturalCompare);
    action = has(rc, "delete")
      ? `replace (${replaced.join(", ") || "terraform"} forces it): a new clone of ${source}; the old one is only forgotten: ${KEPT}`
      : `create by cloning ${source}`;
  } else if (has(rc, "delete")) action = `forget (removed from the state): ${KEPT}`;
  else if (has(rc, "update"))
    action = rc.change.importing ? "import, then update in place" : "update in place";
  else if (rc.change.importing) action = "import";
  else return undefined;
  const changes =
    has(rc, "delete") && !has(rc, "create")
      ? []
      : settingChanges(has(rc, "create") ? undefined : before, after, unknown);
  return { address: rc.address, ...(name === undefined ? {} : { name }), action, changes };
}

/** Every environment id the plan names, with its name: environments, instances, and data sources read. */
export function environmentNames(plan: PlanJson): Map<string, string> {
  const names = new Map<string, string>();
  const add = (id: unknown, name: unknown) => {
    if (typeof id === "string" && typeof name === "string") names.set(id, name);
  };
  const fromValues = (type: string, v: Obj | undefined) => {
    if (!v) return;
    if (type === ENVIRONMENT_TYPE) add(v.id, v.name);
    if (type === INSTANCE_TYPE) add(v.environment_id, v.environment_name);
    if (type === "appmgmt_environments" && Array.isArray(v.environments))
      for (const e of v.environments) add(asObj(e)?.id, asObj(e)?.name);
  };
  const visit = (m: StateModule | undefined) => {
    for (const r of m?.resources ?? []) fromValues(r.type ?? "", asObj(r.values));
    for (const child of m?.child_modules ?? []) visit(child);
  };
  visit(plan.prior_state?.values?.root_module as StateModule | undefined);
  for (const rc of plan.resource_changes ?? [])
    for (const v of [rc.change.before, rc.change.after]) fromValues(rc.type, asObj(v));
  return names;
}

interface StateModule {
  resources?: { type?: string; values?: unknown }[];
  child_modules?: StateModule[];
}

/** `staging (5f…)` when the plan knows its name (clone_from_name, planned by the provider, or elsewhere), else the id. */
function environmentLabel(id: unknown, planned: unknown, names: ReadonlyMap<string, string>): string {
  if (typeof id !== "string") return "(no clone_from)";
  const name = typeof planned === "string" ? planned : names.get(id);
  return name === undefined ? id : `${name} (${id})`;
}

/** What the change sets, in lines; `before` undefined for a new clone (its settings are the source's). */
function settingChanges(
  before: Obj | undefined,
  after: Obj | undefined,
  unknown: (attr: string) => boolean,
): string[] {
  const out: string[] = [];
  const creating = before === undefined;
  if (unknown("properties")) out.push("properties known after apply");
  else if (asObj(after?.properties)) out.push(...propertyChanges(before, after, creating));
  if (unknown("markers")) out.push("markers known after apply");
  else out.push(...markerChanges(before?.markers, after?.markers, creating));
  if (unknown("policies")) out.push("policies known after apply");
  else out.push(...policyChanges(before?.policies, after?.policies, creating));
  return out;
}

function propertyChanges(before: Obj | undefined, after: Obj | undefined, creating: boolean): string[] {
  const was = strings(before?.properties);
  const now = strings(after?.properties);
  const typeOf = (o: Obj | undefined, k: string) => strings(o?.property_types)[k] ?? "string";
  const typed = (o: Obj | undefined, k: string) => (typeOf(o, k) === "string" ? "" : ` (${typeOf(o, k)})`);
  const out: string[] = [];
  for (const k of [...new Set([...Object.keys(was), ...Object.keys(now)])].sort(naturalCompare)) {
    if (!(k in was))
      out.push(`property ${k}${creating ? "" : " added"}: ${JSON.stringify(now[k])}${typed(after, k)}`);
    else if (!(k in now)) out.push(`property ${k} removed (was ${JSON.stringify(was[k])})`);
    else {
      if (was[k] !== now[k])
        out.push(`property ${k} changed: ${JSON.stringify(was[k])} → ${JSON.stringify(now[k])}`);
      if (typeOf(before, k) !== typeOf(after, k))
        out.push(`property ${k} type: ${typeOf(before, k)} → ${typeOf(after, k)}`);
    }
  }
  return out;
}

function markerChanges(before: unknown, after: unknown, creating: boolean): string[] {
  if (!Array.isArray(after)) return [];
  const was = Array.isArray(before) ? before : [];
  return [
    ...after.filter((m) => !was.includes(m)).map((m) => `marker ${String(m)}${creating ? "" : " added"}`),
    ...was.filter((m) => !after.includes(m)).map((m) => `marker ${String(m)} removed`),
  ];
}

/**
 * The policies' change in words. A policy is known by its fields other than `value` (e.g. action and
 * parameter): the same fields with another value is a changed policy.
 */
function policyChanges(before: unknown, after: unknown, creating: boolean): string[] {
  if (typeof after !== "string" || after === before) return [];
  const next = policiesDocument(after);
  if (!next) return ["policies: the new YAML is not a mapping of policies (the plan reports why)"];
  const prev = typeof before === "string" ? policiesDocument(before) : undefined;
  const was = policyList(prev);
  const now = policyList(next);
  if (!was || !now) return ["policies replaced (not a `policies:` list on both sides)"];
  const out: string[] = [];
  const keyed = (list: Obj[]) => new Map(list.map((p) => [policyKey(p), p]));
  const a = keyed(was);
  const b = keyed(now);
  for (const [k, p] of b) {
    const old = a.get(k);
    if (!old) out.push(`policy ${creating ? "" : "added: "}${describePolicy(p)}`);
    else if (JSON.stringify(old.value) !== JSON.stringify(p.value))
      out.push(`policy changed: ${k}: value ${show(old.value)} → ${show(p.value)}`);
  }
  for (const [k, p] of a) if (!b.has(k)) out.push(`policy removed: ${describePolicy(p)}`);
  const others = [...new Set([...Object.keys(prev ?? {}), ...Object.keys(next)])].filter(
    (k) => k !== "policies" && JSON.stringify(prev?.[k]) !== JSON.stringify(next[k]),
  );
  if (others.length > 0) out.push(`policies document: ${others.join(", ")} changed`);
  return out;
}

function policyList(doc: Obj | undefined): Obj[] | undefined {
  if (doc === undefined) return [];
  const list = doc.policies ?? [];
  return Array.isArray(list) ? list.map((p) => asObj(p) ?? { value: p }) : undefined;
}

/** A policy's identity: its fields but `value`, in order of name (`action=launch, parameter=destroy-after`). */
function policyKey(p: Obj): string {
  const fields = Object.keys(p)
    .filter((k) => k !== "value")
    .sort(naturalCompare);
  return fields.length > 0 ? fields.map((k) => `${k}=${show(p[k])}`).join(", ") : show(p.value);
}

function describePolicy(p: Obj): string {
  const key = policyKey(p);
  return "value" in p && key !== show(p.value) ? `${key}, value ${show(p.value)}` : key;
}

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
