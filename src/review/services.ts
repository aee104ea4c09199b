// The review of the plan's appmgmt_application and appmgmt_instance_workflow changes, in words: an
// application created or its manifest uploaded again, with what the new manifest changes (parameters added
// or removed, defaults changed, submodules and workflows added or removed); a workflow run, with its name,
// its parameters and the instance it runs on.

import { ManifestError, parseManifest } from "../manifest";
import type { Manifest } from "../manifest/types";
import { naturalCompare, naturalKeys } from "../rules";
import type { PlanJson, ResourceChange } from "./plan-json";
import type { ApplicationReview, WorkflowRunReview } from "./types";

type Obj = Record<string, unknown>;

const asObj = (v: unknown): Obj | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

const has = (rc: ResourceChange, action: string) => rc.change.actions.includes(action);

/** The review of one application change; undefined when nothing happens to it. */
export function reviewApplication(rc: ResourceChange): ApplicationReview | undefined {
  const before = asObj(rc.change.before);
  const after = asObj(rc.change.after);
  const name = [after, before].map((v) => v?.name).find((n) => typeof n === "string") as string | undefined;
  const who = name === undefined ? {} : { name };
  const replacedBecause = (rc.change.replace_paths ?? []).map((p) => String(p[0])).sort(naturalCompare);
  const kept = "the API cannot delete an application, so the old one stays in the service with its instances";
  let action: string;
  if (has(rc, "create") && has(rc, "delete"))
    action = `replace (${replacedBecause.join(", ") || "terraform"} forces it): a new application with its manifest; ${kept}`;
  else if (has(rc, "create")) action = "create, and upload its manifest as version 1";
  else if (has(rc, "delete"))
    action =
      "forget (removed from the state: the API cannot delete an application; its instances are unaffected)";
  else if (has(rc, "update") && before?.manifest !== after?.manifest)
    action =
      typeof before?.manifest === "string"
        ? "replace its manifest: uploaded as the next manifest version"
        : "upload its manifest as the next manifest version (imported without one)";
  else if (rc.change.importing) action = "import";
  else return undefined;
  const manifestChanges = has(rc, "delete") && !has(rc, "create") ? [] : manifestSummary(before, after);
  return { address: rc.address, ...who, action, manifestChanges };
}

/** What the manifest after the change differs in from the one before (all of it, for a new application). */
function manifestSummary(before: Obj | undefined, after: Obj | undefined): string[] {
  if (typeof after?.manifest !== "string")
    return after?.manifest === undefined ? [] : ["the new manifest is known after apply"];
  if (before?.manifest === after.manifest) return [];
  const next = parsed(after.manifest);
  if (!next) return ["the new manifest does not parse (the plan reports why)"];
  const prev = typeof before?.manifest === "string" ? parsed(before.manifest) : undefined;
  const out: string[] = [];
  const defaultOf = (m: Manifest | undefined, p: string) => {
    const d = m?.parameters[p]?.default;
    return d === undefined ? '""' : JSON.stringify(d);
  };
  const added = (
    what: string,
    a: Obj | undefined,
    b: Obj | undefined,
    detail: (k: string) => string = () => "",
  ) => {
    for (const k of naturalKeys(b)) if (!a || !Object.hasOwn(a, k)) out.push(`adds ${what} ${k}${detail(k)}`);
    for (const k of naturalKeys(a)) if (!b || !Object.hasOwn(b, k)) out.push(`removes ${what} ${k}`);
  };
  added("parameter", prev?.parameters, next.parameters, (k) => ` (default ${defaultOf(next, k)})`);
  for (const k of naturalKeys(next.parameters)) {
    if (!prev || !Object.hasOwn(prev.parameters, k)) continue;
    const [was, will] = [defaultOf(prev, k), defaultOf(next, k)];
    if (was !== will) out.push(`changes the default of ${k} from ${was} to ${will}`);
  }
  added("submodule", prev?.submodules, next.submodules);
  added("workflow", prev?.workflows, next.workflows);
  if (prev && out.length === 0) out.push("changes no parameter, default, submodule or workflow");
  return out;
}

function parsed(text: string): Manifest | undefined {
  try {
    return parseManifest(text);
  } catch (e) {
    if (e instanceof ManifestError) return undefined;
    throw e;
  }
}

/** The review of one workflow-run change; undefined when nothing happens to it. */
export function reviewWorkflowRun(rc: ResourceChange, plan: PlanJson): WorkflowRunReview | undefined {
  const before = asObj(rc.change.before);
  const after = asObj(rc.change.after);
  const runs = has(rc, "create");
  if (!runs && !has(rc, "delete")) return undefined;
  const values = runs ? after : before;
  const workflow = typeof values?.workflow === "string" ? values.workflow : "(known after apply)";
  const replacedBecause = (rc.change.replace_paths ?? []).map((p) => String(p[0])).sort(naturalCompare);
  const action = !runs
    ? "forget (removed from the state; a run is not undone)"
    : has(rc, "delete")
      ? `run again (${replacedBecause.join(", ") || "terraform"} ${replacedBecause.length > 1 ? "force" : "forces"} it)`
      : "run";
  const parameters: Record<string, string> = {};
  const unknown = asObj(rc.change.after_unknown);
  for (const [k, v] of Object.entries(asObj(values?.parameters) ?? {}))
    parameters[k] = typeof v === "string" ? v : JSON.stringify(v);
  for (const k of Object.keys(asObj(unknown?.parameters) ?? {})) parameters[k] = "(known after apply)";
  return { address: rc.address, workflow, action, instance: instanceOf(rc, values, plan), parameters };
}

/** The instance a run is on, named as the review names instances: instance_name (address) where the plan says. */
function instanceOf(rc: ResourceChange, values: Obj | undefined, plan: PlanJson): string {
  const id = typeof values?.instance_id === "string" ? values.instance_id : undefined;
  const instances = (plan.resource_changes ?? []).filter((c) => c.type === "appmgmt_instance");
  const named = (c: ResourceChange) => {
    const n = [asObj(c.change.after), asObj(c.change.before)]
      .map((v) => v?.instance_name)
      .find((x) => typeof x === "string");
    return typeof n === "string" ? `${n} (${c.address})` : c.address;
  };
  if (id !== undefined) {
    const match = instances.find((c) => [c.change.before, c.change.after].some((v) => asObj(v)?.id === id));
    return match ? named(match) : `instance ${id}`;
  }
  // Unknown until apply (an instance launched or replaced in the same plan): the configuration names it.
  const ref = referenceOf(plan, rc.address, "instance_id");
  const match = ref && instances.find((c) => c.address === ref);
  if (match) return `${named(match)}, known after apply`;
  return ref ? `${ref}, known after apply` : "(known after apply)";
}

/** The resource address an attribute's expression refers to in the root module's configuration. */
function referenceOf(plan: PlanJson, address: string, attribute: string): string | undefined {
  const resource = plan.configuration?.root_module?.resources?.find(
    (r) => r.address === address.replace(/\[.*\]$/, ""),
  );
  const refs = resource?.expressions?.[attribute]?.references ?? [];
  // terraform lists "appmgmt_instance.shop.id" then "appmgmt_instance.shop": the shortest resource address.
  return refs.filter((r) => /^[a-z0-9_]+\.[^.]+$/.test(r)).sort((a, b) => a.length - b.length)[0];
}
