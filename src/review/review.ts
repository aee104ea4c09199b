// Builds the review of a plan: per appmgmt instance what happens in words, the values that change, the
// values a reconfigure resets (src/rules), binding-rule findings and the workflow the service runs.
// Pure: plan JSON in, a Review out; the renderers turn it into Markdown, text or JSON.

import { naturalCompare } from "../rules";
import { dataSourcesReadAtPlan, type PlanJson, type ResourceChange } from "./plan-json";
import { APPLICATION_TYPE, ENVIRONMENT_TYPE, INSTANCE_TYPE, WORKFLOW_TYPE } from "../provider/resource-types";
import { environmentNames, reviewEnvironment } from "./environments";
import { reviewApplication, reviewWorkflowRun } from "./services";
import { changeOf, findingsOf, resetsOf } from "./instance-model";
import { LIFETIME_ATTRIBUTE, lifetimeChange } from "./lifetime";
import { binderOf, instanceInputs, manifestOf, serviceChange, type InstanceChange } from "../rules";
import { markResets, reviewDrift } from "./drift";
import { destroyedValues } from "./destroyed";
import { disambiguateEnvironments } from "./environment-names";
import { asObj, attributeName, diffValues, type Obj } from "./plan-values";
import { secretResetsOf, secretsOf } from "./secrets";
import { withWholeEffectiveValues } from "./effective-values";
import {
  KINDS,
  REVIEW_FORMAT_VERSION,
  type ApplicationReview,
  type EnvironmentReview,
  type InstanceReview,
  type Kind,
  type PossibleResetReview,
  type ResetReview,
  type Review,
  type ValueChange,
  type WorkflowRunReview,
} from "./types";

export { KINDS, type InstanceReview, type Kind, type Review, type Shown } from "./types";

export function buildReview(planJson: PlanJson): Review {
  const plan = withWholeEffectiveValues(planJson);
  const changes = [...(plan.resource_changes ?? [])];
  const instances: InstanceReview[] = [];
  const otherChanges: string[] = [];
  const applications: ApplicationReview[] = [];
  const workflowRuns: WorkflowRunReview[] = [];
  const environments: EnvironmentReview[] = [];
  const names = environmentNames(plan);
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
    const environment = rc.type === ENVIRONMENT_TYPE ? reviewEnvironment(rc, names) : undefined;
    if (review) instances.push(review);
    else if (application) applications.push(application);
    else if (run) workflowRuns.push(run);
    else if (environment) environments.push(environment);
    else if (
      [INSTANCE_TYPE, APPLICATION_TYPE, WORKFLOW_TYPE, ENVIRONMENT_TYPE].includes(rc.type) ||
      isNoop(rc)
    )
      unchanged++;
    else otherChanges.push(`${rc.address}: ${rc.change.actions.join(", then ")}`);
  }
  const drift = reviewDrift(plan);
  const planned = new Map(changes.map((rc) => [rc.address, rc]));
  markResets(drift, instances, (address, submodule, parameter) => {
    const after = asObj(planned.get(address)?.change.after);
    const manifest = after && manifestOf(instanceInputs(after, () => false).desired);
    const binder = manifest && binderOf(manifest, submodule, parameter);
    return binder ? attributeName(binder) : undefined;
  });
  for (const i of instances) {
    const d = drift.find((x) => x.address === i.address);
    if (d?.revertedByPlan)
      i.action += `, reverting ${d.gone ? "its destroy" : "changes made"} outside terraform`;
  }
  disambiguateEnvironments([...instances, ...drift].flatMap((r) => r.changes));
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
      drift: drift.length,
      environments: environments.length,
    },
    instances,
    otherChanges: otherChanges.sort(compare),
    applications: applications.sort((a, b) => compare(a.address, b.address)),
    workflowRuns: workflowRuns.sort((a, b) => compare(a.address, b.address)),
    drift: drift.sort((a, b) => compare(a.address, b.address)),
    environments: environments.sort((a, b) => compare(a.address, b.address)),
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
  // the change as the rules read it, built once for the rule and the findings
  const change = after && changeOf(rc, before, after);

  const replacedBecause = (rc.change.replace_paths ?? []).map(attributeName).sort(compare);
  const planned = kindOf(has, importing !== undefined, moved);
  if (planned === undefined) return undefined;
  let kind: Kind = planned;
  let { words, workflow } = describe(planned, rc, replacedBecause);

  const valueChanges = kind === "destroy" ? destroyedValues(rc) : diffValues(rc);
  let resets: ResetReview[] = [];
  let possibleResets: PossibleResetReview[] = [];
  let secretResets: string[] = [];
  const secrets = kind === "destroy" ? [] : secretsOf(before, after, rc.change.after_unknown);
  if (kind === "reconfigure") {
    const r = reviewReconfigure(rc, { before: before!, after: after!, change: change! }, valueChanges);
    ({ words, workflow, resets, possibleResets, secretResets } = r);
    if (importing && r.kind === "settings") {
      // an import that also reconfigures counts (and is listed) as a reconfigure, "import, then reconfigure
      // in place": adopting must not hide one
      words = `import, with ${words}`;
      workflow = DESCRIPTIONS.import.workflow;
      kind = "import";
    } else kind = r.kind;
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
    findings: change
      ? findingsOf(change, kind === "launch" || kind === "replace" ? "launch" : "reconfigure")
      : [],
    secrets,
    secretResets,
    workflow,
  };
}

/**
 * A planned update of an instance, as the provider's own rule sees it: whether it reaches the service (or new
 * secrets are sent, whatever the rule says), what it resets, and how a lifetime change reads beside it.
 */
function reviewReconfigure(
  rc: ResourceChange,
  v: { before: Obj; after: Obj; change: InstanceChange },
  valueChanges: ValueChange[],
): {
  kind: "reconfigure" | "settings";
  words: string;
  workflow: string;
  resets: ResetReview[];
  possibleResets: PossibleResetReview[];
  secretResets: string[];
} {
  const unknown = rc.change.after_unknown;
  const lifetime = lifetimeChange(v.before, v.after, unknown);
  if (lifetime) valueChanges.push(lifetime.row);
  // new secrets (a new version, names added or removed) are sent whatever the rule says, as at plan
  const change = serviceChange(v.change);
  if (change.reachesService || v.change.secrets.sent) {
    const { resets, possibleResets } = change.reachesService
      ? resetsOf(rc, change)
      : { resets: [], possibleResets: [] };
    const { words } = DESCRIPTIONS.reconfigure;
    return {
      kind: "reconfigure",
      words: lifetime ? `${words}; ${lifetime.words}` : words,
      workflow: "reconfigure (Executing → Running): one request carrying the complete configuration",
      resets,
      possibleResets,
      secretResets: secretResetsOf(v.before, v.after, unknown),
    };
  }
  const local = valueChanges
    .map((c) => c.attribute)
    .filter((a) => a !== LIFETIME_ATTRIBUTE)
    .join(", ");
  const words =
    change.because === "local-only"
      ? `update of terraform-only settings (${local})`
      : `update in terraform only (${local}): the manifest proves the service keeps every value`;
  return {
    kind: "settings",
    words: lifetime ? (local === "" ? lifetime.words : `${lifetime.words}; ${words}`) : words,
    workflow: lifetime
      ? "none: the service moves its scheduled destroy in place"
      : "none: these settings stay in terraform",
    resets: [],
    possibleResets: [],
    secretResets: [],
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
