// Workflows of an instance and the status record the service shows for it (docs/service-api.md).
//
// Progress is computed lazily from persisted timestamps, so a workflow in flight when the process stops
// completes on time after a restart, a scheduled destroy happens on time even while nobody looks, and no
// timers need cleaning up.
import type { WireInstanceStatus, WireWorkflowRun } from "../service/wire";
import type { Timing } from "./seed";
import type { InstanceRecord, WorkflowEnding, WorkflowName } from "./state";

/** Share of a launch spent in `Requested` before it turns `Executing`. */
const REQUESTED_SHARE = 0.2;

/** Owner of the destroys the service runs on its own when an instance's destroyInterval is up. */
export const SCHEDULER_OWNER_ID = "000000000000000000000000";

export function startWorkflow(
  rec: InstanceRecord,
  name: WorkflowName,
  timing: Timing,
  now: number,
  ownerId: string,
): void {
  // A manifest workflow takes as long as a reconfigure (ours: the seed's timing has no field of its own for it).
  const duration =
    name === "launch" ? timing.launchMs : name === "destroy" ? timing.destroyMs : timing.reconfigureMs;
  rec.workflow = { name, startedAt: now, endsAt: now + duration };
  rec.history.push({ name, ownerId, startedAt: now, endsAt: now + duration, status: null });
}

/**
 * Completes the instance's workflow if its time is up: ended as `failures` says for its application
 * (`Failed`, `Canceled` or `Suspended` with the message), else `Running` (a reconfigure's values become
 * visible only now) or `Destroyed`. Then starts the scheduled destroy if its time has come (at that time,
 * so it may be over already). Returns whether anything changed.
 */
export function completeDueWorkflow(
  rec: InstanceRecord,
  failures: Record<string, WorkflowEnding>,
  timing: Timing,
  now: number,
): boolean {
  let changed = false;
  for (;;) {
    const wf = rec.workflow;
    if (wf && now >= wf.endsAt) {
      end(rec, failures[rec.application]);
      changed = true;
      continue;
    }
    if (!wf && rec.destroyAt !== null && now >= rec.destroyAt && rec.status !== "Destroyed") {
      const last = rec.history[rec.history.length - 1];
      startWorkflow(rec, "destroy", timing, Math.max(rec.destroyAt, last?.endsAt ?? 0), SCHEDULER_OWNER_ID);
      rec.destroyAt = null;
      changed = true;
      continue;
    }
    return changed;
  }
}

function end(rec: InstanceRecord, failure: WorkflowEnding | undefined): void {
  const wf = rec.workflow!;
  rec.workflow = null;
  const run = rec.history[rec.history.length - 1];
  if (failure !== undefined) {
    rec.status = failure.status;
    rec.errorMessage = failure.message;
    if (run) run.status = failure.status;
    return;
  }
  if (run) run.status = "Succeeded";
  if (wf.name === "destroy") {
    rec.status = "Destroyed";
    rec.returnValues = {};
    rec.destroyAt = null;
  } else if (wf.name === "launch" || wf.name === "reconfigure") {
    if (wf.target) rec.configuration = wf.target;
    rec.status = "Running";
    rec.errorMessage = null;
    rec.returnValues = wf.returns ? { ...wf.returns } : { url: `https://${rec.name}.apps.example.test` };
  } else {
    // A manifest workflow returns `<workflow>.result` and each parameter it was given as
    // `<workflow>.<parameter>` (ours: what a real workflow returns is its manifest's business), beside the
    // values the instance already returns.
    rec.status = "Running";
    rec.errorMessage = null;
    rec.returnValues = { ...rec.returnValues, [`${wf.name}.result`]: "Succeeded" };
    for (const [name, value] of Object.entries(wf.parameters ?? {}))
      rec.returnValues[`${wf.name}.${name}`] = value;
  }
}

/** The status record at `now` (call completeDueWorkflow first). */
export function wireInstanceStatus(rec: InstanceRecord, now: number): WireInstanceStatus {
  const wf = rec.workflow;
  const status = currentStatus(rec, now);
  const c = rec.configuration;
  const out: WireInstanceStatus = {
    id: rec.id,
    name: rec.name,
    status,
    applicationId: rec.application,
    environmentId: rec.environment,
    version: c.version,
    parameters: { ...c.parameters },
    components: componentsBelow(rec, "", status),
    ownerId: rec.ownerId,
    workflowHistory: rec.history.map((run) => historyEntry(run, now)),
    errorMessage: rec.errorMessage,
    returnValues: { ...rec.returnValues },
  };
  if (wf) out.workflow = { name: wf.name, status: "Executing" };
  return out;
}

/**
 * The components one level below path `prefix` ("" for the instance itself, "db/" for submodule db): the
 * submodule instances named by their own component names, as the status of their parent lists them.
 */
function componentsBelow(rec: InstanceRecord, prefix: string, status: WireInstanceStatus["status"]) {
  return Object.entries(rec.components)
    .filter(([path]) => path.startsWith(prefix) && !path.slice(prefix.length).includes("/"))
    .map(([path, id]) => ({ id, name: path.slice(prefix.length), status }));
}

/**
 * The status of submodule `path` ("db", "db/replica") of `parent`: an instance of its own (its id, the
 * submodule's application, manifest version, actual values and its own submodules as components) whose
 * status follows its parent's, since the parent's workflows run it.
 */
export function componentStatus(
  parent: InstanceRecord,
  path: string,
  applicationId: string,
  now: number,
): WireInstanceStatus {
  const sub = parent.configuration.submodules[path];
  const status = currentStatus(parent, now);
  return {
    id: parent.components[path],
    name: path.slice(path.lastIndexOf("/") + 1),
    status,
    applicationId,
    environmentId: parent.environment,
    version: sub?.manifestVersion ?? 0,
    parameters: { ...sub?.parameters },
    components: componentsBelow(parent, `${path}/`, status),
    ownerId: parent.ownerId,
    workflowHistory: [],
    errorMessage: null,
    returnValues: {},
  };
}

function currentStatus(rec: InstanceRecord, now: number): WireInstanceStatus["status"] {
  const wf = rec.workflow;
  if (wf?.name === "launch")
    return now < wf.startedAt + (wf.endsAt - wf.startedAt) * REQUESTED_SHARE ? "Requested" : "Executing";
  if (wf?.name === "destroy") return "Destroying";
  if (wf) return "Executing"; // reconfigure, or a manifest workflow
  return rec.status;
}

/** A run of the history; a running one shows one step whose percentComplete follows the clock. */
function historyEntry(run: InstanceRecord["history"][number], now: number): WireWorkflowRun {
  const status = run.status ?? "Executing";
  const span = Math.max(run.endsAt - run.startedAt, 1);
  const percentComplete =
    run.status === null ? Math.min(99, Math.floor((100 * (now - run.startedAt)) / span)) : 100;
  return {
    name: run.name,
    status,
    ownerId: run.ownerId,
    steps: [{ name: run.name, status, percentComplete }],
  };
}
