// Builds the review of a plan: per appmgmt instance what happens in words, the values that change, the
// values a reconfigure resets (src/rules), binding-rule findings and the workflow the service runs.
// Pure: plan JSON in, a Review out; the renderers turn it into Markdown, text or JSON.

import { ManifestError, parseManifest } from "../manifest";
import type { Manifest } from "../manifest/types";
import {
  checkInstanceConfig,
  formatFinding,
  naturalCompare,
  reconfigureResets,
  type InstanceConfig,
} from "../rules";
import { dataSourcesReadAtPlan, type PlanJson, type ResourceChange } from "./plan-json";
import { APPLICATION_TYPE, INSTANCE_TYPE, WORKFLOW_TYPE } from "../resource-types";
import { reviewApplication, reviewWorkflowRun } from "./services";
import {
  KINDS,
  REVIEW_FORMAT_VERSION,
  type ApplicationReview,
  type InstanceReview,
  type Kind,
  type PossibleResetReview,
  type ResetReview,
  type Review,
  type Shown,
  type ValueChange,
  type WorkflowRunReview,
} from "./types";

export { KINDS, type InstanceReview, type Kind, type Review, type Shown } from "./types";

type Obj = Record<string, unknown>;

const TOP_ATTRIBUTES = [
  "application_id",
  "instance_name",
  "environment_id",
  "revision_id",
  "manifest_version",
] as const;
const SUBMODULE_ATTRIBUTES = ["revision_id", "manifest_version"] as const;
/** Changes to these stay in terraform: they start no workflow. */
const LOCAL_ONLY = ["manifest", "timeouts"];

export function buildReview(plan: PlanJson): Review {
  const changes = [...(plan.resource_changes ?? [])];
  const instances: InstanceReview[] = [];
  const otherChanges: string[] = [];
  const applications: ApplicationReview[] = [];
  const workflowRuns: WorkflowRunReview[] = [];
  let unchanged = 0;
  const read = new Set(dataSourcesReadAtPlan(plan));
  for (const rc of changes) {
    if (rc.mode === "data") {
      read.add(rc.address);
      continue;
    }
    const review = rc.type === INSTANCE_TYPE ? reviewInstance(rc) : undefined;
    const application = rc.type === APPLICATION_TYPE ? reviewApplication(rc) : undefined;
    const run = rc.type === WORKFLOW_TYPE ? reviewWorkflowRun(rc, plan) : undefined;
    if (review) instances.push(review);
    else if (application) applications.push(application);
    else if (run) workflowRuns.push(run);
    else if ([INSTANCE_TYPE, APPLICATION_TYPE, WORKFLOW_TYPE].includes(rc.type) || isNoop(rc)) unchanged++;
    else otherChanges.push(`${rc.address}: ${rc.change.actions.join(", then ")}`);
  }
  instances.sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || compare(a.address, b.address));
  const count = (k: Kind) => instances.filter((i) => i.kind === k).length;
  return {
    formatVersion: REVIEW_FORMAT_VERSION,
    terraformVersion: plan.terraform_version,
    summary: {
      launch: count("launch"),
      reconfigure: count("reconfigure"),
      resets: instances.reduce((n, i) => n + i.resets.length, 0),
      possibleResets: instances.reduce((n, i) => n + i.possibleResets.length, 0),
      replace: count("replace"),
      destroy: count("destroy"),
      import: count("import"),
      move: count("move"),
      forget: count("forget"),
      settings: count("settings"),
      unchanged,
      dataSourcesRead: read.size,
      otherChanges: otherChanges.length,
      applications: applications.length,
      workflowRuns: workflowRuns.length,
    },
    instances,
    otherChanges: otherChanges.sort(compare),
    applications: applications.sort((a, b) => compare(a.address, b.address)),
    workflowRuns: workflowRuns.sort((a, b) => compare(a.address, b.address)),
  };
}

/** Addresses and keys in natural order (`flag-2` before `flag-10`), as the rules list resets. */
const compare = naturalCompare;

function isNoop(rc: ResourceChange): boolean {
  const a = rc.change.actions;
  return (a.length === 1 && a[0] === "no-op") || a.length === 0;
}

/** The kinds the actions give; "settings" is a reconfigure found to change nothing at the service. */
type PlannedKind = Exclude<Kind, "settings">;

/** What the plan does to the instance, from its actions; the order decides (a replace also creates). */
function kindOf(
  has: (action: string) => boolean,
  importing: boolean,
  moved: boolean,
): PlannedKind | undefined {
  if (has("create")) return has("delete") ? "replace" : "launch";
  if (has("delete")) return "destroy";
  if (has("forget")) return "forget";
  if (has("update")) return "reconfigure";
  if (importing) return "import";
  return moved ? "move" : undefined;
}

/** The words and workflow of each kind but replace, whose words and workflow are all the plan's. */
const DESCRIPTIONS = {
  launch: { words: "launch", workflow: "launch (Requested → Executing → Running)" },
  destroy: { words: "destroy", workflow: "destroy (Destroying → Destroyed)" },
  forget: {
    words: "forget (removed from state; the instance keeps running)",
    workflow: "none: the service is not called",
  },
  reconfigure: { words: "reconfigure in place", workflow: "" },
  import: { words: "import", workflow: "none: the instance is taken as it is" },
  move: { words: "move", workflow: "none: only the address in state changes" },
} satisfies Record<Exclude<PlannedKind, "replace">, { words: string; workflow: string }>;

function describe(
  kind: PlannedKind,
  rc: ResourceChange,
  replacedBecause: string[],
): { words: string; workflow: string } {
  if (kind === "replace") {
    const why =
      replacedBecause.length > 0
        ? `${replacedBecause.join(", ")} ${replacedBecause.length === 1 ? "forces" : "force"} it`
        : replaceReason(rc.action_reason);
    const workflow =
      rc.change.actions[0] === "create"
        ? "launch of the new instance, then destroy of the old one (create_before_destroy)"
        : "destroy of the old instance, then launch of the new one";
    return { words: `replace (${why})`, workflow };
  }
  if (kind === "destroy" && rc.action_reason === "delete_because_no_resource_config")
    return { ...DESCRIPTIONS.destroy, words: "destroy (removed from the configuration)" };
  return DESCRIPTIONS[kind];
}

/** The review of one instance change; undefined when nothing happens to it. */
export function reviewInstance(rc: ResourceChange): InstanceReview | undefined {
  const actions = rc.change.actions;
  const has = (a: string) => actions.includes(a);
  const importing = rc.change.importing ?? undefined;
  const moved = rc.previous_address !== undefined && rc.previous_address !== rc.address;
  const before = asObj(rc.change.before);
  const after = asObj(rc.change.after);

  const replacedBecause = (rc.change.replace_paths ?? []).map(attributeName).sort(compare);
  const planned = kindOf(has, importing !== undefined, moved);
  if (planned === undefined) return undefined;
  let kind: Kind = planned;
  let { words, workflow } = describe(planned, rc, replacedBecause);

  const valueChanges = diffValues(rc);
  let resets: ResetReview[] = [];
  let possibleResets: PossibleResetReview[] = [];
  if (kind === "reconfigure") {
    const serviceChange = valueChanges.some((c) => !LOCAL_ONLY.includes(c.attribute));
    if (serviceChange) {
      workflow = "reconfigure (Executing → Running): one request carrying the complete configuration";
      ({ resets, possibleResets } = resetsOf(rc, before!, after!));
    } else {
      const local = valueChanges.map((c) => c.attribute).join(", ");
      kind = "settings";
      words = `update of terraform-only settings (${local})`;
      workflow = "none: these settings stay in terraform";
    }
    if (importing) {
      words = serviceChange ? "import, then reconfigure in place" : `import, with ${words}`;
      if (!serviceChange) workflow = DESCRIPTIONS.import.workflow;
      kind = "import";
    }
  }
  const prefix = [
    moved && kind !== "move" ? `move from ${rc.previous_address}` : undefined,
    importing && kind !== "import" ? "import" : undefined,
  ].filter((p) => p !== undefined);
  if (prefix.length > 0) words = `${prefix.join(", ")}, then ${words}`;
  if (moved && kind === "move") words = `move from ${rc.previous_address}`;

  const name = [after, before].map((v) => v?.instance_name).find((n) => typeof n === "string");
  return {
    address: rc.address,
    ...(typeof name === "string" ? { instanceName: name } : {}),
    kind,
    action: words,
    ...(moved ? { previousAddress: rc.previous_address } : {}),
    ...(importing?.id !== undefined ? { importId: importing.id } : {}),
    replacedBecause,
    changes: valueChanges,
    resets,
    possibleResets,
    findings: findingsOf(after, kind === "launch" || kind === "replace" ? "launch" : "reconfigure"),
    workflow,
  };
}

function replaceReason(reason: string | undefined): string {
  switch (reason) {
    case "replace_because_tainted":
      return "tainted: an earlier launch failed or did not finish";
    case "replace_by_request":
      return "requested with -replace";
    default:
      return reason ?? "terraform gave no reason";
  }
}

/** A plan path (["submodules", "db", "revision_id"]) in terraform's notation: submodules["db"].revision_id. */
function attributeName(path: (string | number)[]): string {
  let out = "";
  let keyNext = false;
  for (const step of path) {
    if (typeof step === "number") out += `[${step}]`;
    else if (keyNext) out += `["${step}"]`;
    else out += out === "" ? step : `.${step}`;
    keyNext = !keyNext && (step === "parameters" || step === "submodules");
  }
  return out;
}

function asObj(v: unknown): Obj | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

/** The mask (after_unknown, *_sensitive) entry at a path: true at the path or above means "flagged". */
function flagged(mask: unknown, path: string[]): boolean {
  let m = mask;
  for (const step of path) {
    if (m === true) return true;
    const o = asObj(m);
    if (!o) return false;
    m = o[step];
  }
  return m === true;
}

function valueAt(root: Obj | undefined, path: string[]): unknown {
  let v: unknown = root;
  for (const step of path) v = asObj(v)?.[step];
  return v;
}

function shown(root: Obj | undefined, path: string[], unknownMask: unknown, sensitiveMask: unknown): Shown {
  if (flagged(sensitiveMask, path)) return { kind: "sensitive" };
  if (flagged(unknownMask, path)) return { kind: "unknown" };
  const v = valueAt(root, path);
  if (v === undefined || v === null) return { kind: "absent" };
  return { kind: "value", value: typeof v === "string" ? v : JSON.stringify(v) };
}

function sameShown(a: Shown, b: Shown): boolean {
  return a.kind === b.kind && (a.kind !== "value" || a.value === (b as { value: string }).value);
}

/** Every reviewed attribute whose shown value differs, in a fixed order: top level, parameters, submodules. */
function diffValues(rc: ResourceChange): ValueChange[] {
  const c = rc.change;
  const before = asObj(c.before);
  const after = asObj(c.after);
  const paths: string[][] = TOP_ATTRIBUTES.map((a) => [a]);
  for (const name of keysUnion(before, after, ["parameters"])) paths.push(["parameters", name]);
  for (const sub of keysUnion(before, after, ["submodules"])) {
    for (const a of SUBMODULE_ATTRIBUTES) paths.push(["submodules", sub, a]);
    for (const name of keysUnion(before, after, ["submodules", sub, "parameters"]))
      paths.push(["submodules", sub, "parameters", name]);
  }
  const out: ValueChange[] = [];
  for (const path of paths) {
    const b: Shown = before ? shown(before, path, undefined, c.before_sensitive) : { kind: "absent" };
    const a: Shown = after ? shown(after, path, c.after_unknown, c.after_sensitive) : { kind: "absent" };
    if (!sameShown(a, b)) out.push({ attribute: attributeName(path), before: b, after: a });
  }
  for (const name of LOCAL_ONLY) {
    const b = JSON.stringify(before?.[name] ?? null);
    const a = JSON.stringify(after?.[name] ?? null);
    if (before && after && a !== b) {
      out.push({ attribute: name, before: summarised(before[name]), after: summarised(after[name]) });
    }
  }
  return out;
}

/** Manifest text and timeouts are shown by size, not in full: the review is about the instance. */
function summarised(v: unknown): Shown {
  if (v === undefined || v === null) return { kind: "absent" };
  if (typeof v === "string") {
    const lines = v.split("\n").filter((l) => l !== "").length;
    return { kind: "value", value: `(text, ${lines} line${lines === 1 ? "" : "s"})` };
  }
  return { kind: "value", value: JSON.stringify(v) };
}

function keysUnion(a: Obj | undefined, b: Obj | undefined, path: string[]): string[] {
  const keys = new Set([
    ...Object.keys(asObj(valueAt(a, path)) ?? {}),
    ...Object.keys(asObj(valueAt(b, path)) ?? {}),
  ]);
  return [...keys].sort(compare);
}

/** The rules' view of a planned resource's configuration (wire names). */
function instanceConfig(values: Obj | undefined): InstanceConfig {
  const subs = asObj(values?.submodules);
  return {
    parameters: asObj(values?.parameters),
    manifestVersion: typeof values?.manifest_version === "number" ? values.manifest_version : undefined,
    submodules: subs
      ? Object.fromEntries(
          Object.entries(subs).map(([name, s]) => [
            name,
            {
              revisionId:
                typeof asObj(s)?.revision_id === "string" ? (asObj(s)!.revision_id as string) : undefined,
              parameters: asObj(asObj(s)?.parameters),
            },
          ]),
        )
      : undefined,
  };
}

function manifestOf(values: Obj | undefined): Manifest | ManifestError | undefined {
  const text = values?.manifest;
  if (typeof text !== "string") return undefined;
  try {
    return parseManifest(text);
  } catch (e) {
    if (e instanceof ManifestError) return e;
    throw e;
  }
}

/** Stands for a value terraform knows only after apply, so the rules skip it instead of judging it. */
const UNKNOWN = Symbol("known after apply");

/** The configuration the reconfigure sends, with terraform's unknowns (after_unknown) as UNKNOWN. */
function requestedConfig(rc: ResourceChange, after: Obj): InstanceConfig {
  const mask = rc.change.after_unknown;
  const map = (path: string[]) => (flagged(mask, path) ? UNKNOWN : (asObj(valueAt(after, path)) ?? {}));
  const submodules: Record<string, unknown> = {};
  for (const sub of Object.keys(asObj(after.submodules) ?? {})) {
    submodules[sub] = flagged(mask, ["submodules", sub])
      ? UNKNOWN
      : { parameters: map(["submodules", sub, "parameters"]) };
  }
  return {
    parameters: map(["parameters"]),
    submodules: flagged(mask, ["submodules"]) ? UNKNOWN : submodules,
  } as InstanceConfig;
}

function strings(v: unknown): Record<string, string> | undefined {
  const o = asObj(v);
  return (
    o &&
    (Object.fromEntries(Object.entries(o).filter(([, x]) => typeof x === "string")) as Record<string, string>)
  );
}

/**
 * The values the reconfigure resets, and those it may reset, by the rules the plan's warnings use. What
 * the service reports now is the prior state's effective_parameters; for submodules the state holds the
 * values the configuration managed (or an import took), the provider's private record of the rest being
 * out of the plan's JSON.
 */
function resetsOf(
  rc: ResourceChange,
  before: Obj,
  after: Obj,
): { resets: ResetReview[]; possibleResets: PossibleResetReview[] } {
  const manifest = manifestOf(after);
  const currentSubmodules: Record<string, Record<string, string>> = {};
  for (const [sub, settings] of Object.entries(asObj(before.submodules) ?? {})) {
    const values = strings(asObj(settings)?.parameters);
    if (values) currentSubmodules[sub] = values;
  }
  const versionUnknown = flagged(rc.change.after_unknown, ["manifest_version"]);
  const plan = reconfigureResets(manifest instanceof ManifestError ? undefined : manifest, {
    current: strings(before.effective_parameters) ?? strings(before.parameters) ?? {},
    currentSubmodules,
    after: requestedConfig(rc, after),
    afterRevision: typeof after.revision_id === "string" || flagged(rc.change.after_unknown, ["revision_id"]),
    targetVersion: versionUnknown
      ? "unknown"
      : after.manifest_version === before.manifest_version
        ? "same"
        : "other",
    isUnknown: (v) => v === UNKNOWN,
  });
  const sensitive = rc.change.before_sensitive;
  const currentOf = (path: string[], value: string): Shown =>
    flagged(sensitive, path) ||
    (path[0] === "parameters" && flagged(sensitive, ["effective_parameters", path[1]]))
      ? { kind: "sensitive" }
      : { kind: "value", value };
  return {
    resets: plan.resets.map((r) => ({
      attribute: attributeName(r.path),
      current: currentOf(r.path.map(String), r.current),
      ...(r.default !== undefined ? { default: r.default } : {}),
    })),
    possibleResets: plan.possible.map((p) => ({
      attribute: attributeName(p.path),
      current: currentOf(p.path.map(String), p.current),
      because: p.because,
      ...(p.mayFollow ? { mayFollow: p.mayFollow } : {}),
    })),
  };
}

function findingsOf(after: Obj | undefined, operation: "launch" | "reconfigure"): string[] {
  const manifest = manifestOf(after);
  if (manifest === undefined) return [];
  if (manifest instanceof ManifestError) return [`manifest: ${manifest.message}`];
  // unknown values are null in the plan JSON: the rules judge only what is known
  return checkInstanceConfig(manifest, instanceConfig(after), {
    operation,
    isUnknown: (v) => v === null,
  }).map(formatFinding);
}
