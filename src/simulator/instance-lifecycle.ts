// Workflows of an instance and the status record the service shows for it (ARCHITECTURE.md §3).
//
// Progress is computed lazily from persisted timestamps, so a workflow in flight when the process stops
// completes on time after a restart, and no timers need cleaning up.
import type { InstanceStatus } from "../client/types";
import type { Timing } from "./seed";
import type { InstanceRecord, WorkflowName } from "./state";

/** Share of a launch spent in `Requested` before it turns `Executing`. */
const REQUESTED_SHARE = 0.2;

export function startWorkflow(rec: InstanceRecord, name: WorkflowName, timing: Timing, now: number): void {
  const duration = { launch: timing.launchMs, reconfigure: timing.reconfigureMs, destroy: timing.destroyMs }[
    name
  ];
  rec.workflow = { name, startedAt: now, endsAt: now + duration };
}

/**
 * Completes the instance's workflow if its time is up: `Failed` with the message when its application is
 * in `failures`, else `Running` (a reconfigure's values become visible only now) or `Destroyed`.
 * Returns whether it completed one.
 */
export function completeDueWorkflow(
  rec: InstanceRecord,
  failures: Record<string, string>,
  now: number,
): boolean {
  const wf = rec.workflow;
  if (!wf || now < wf.endsAt) return false;
  rec.workflow = null;
  const failure = failures[rec.application];
  if (failure !== undefined) {
    rec.status = "Failed";
    rec.errorMessage = failure;
  } else if (wf.name === "destroy") {
    rec.status = "Destroyed";
    rec.returnValues = {};
  } else {
    if (wf.target) rec.configuration = wf.target;
    rec.status = "Running";
    rec.errorMessage = null;
    rec.returnValues = { url: `https://${rec.name}.apps.example.test` };
  }
  return true;
}

/** The status record at `now` (call completeDueWorkflow first). */
export function instanceStatus(rec: InstanceRecord, now: number): InstanceStatus {
  const wf = rec.workflow;
  let status = rec.status;
  if (wf?.name === "launch")
    status = now < wf.startedAt + (wf.endsAt - wf.startedAt) * REQUESTED_SHARE ? "Requested" : "Executing";
  else if (wf?.name === "reconfigure") status = "Executing";
  else if (wf?.name === "destroy") status = "Destroying";
  const c = rec.configuration;
  return {
    id: rec.id,
    name: rec.name,
    status,
    application: rec.application,
    environment: rec.environment,
    revision: c.revision,
    version: c.version,
    parameters: { ...c.parameters },
    submodules: Object.fromEntries(
      Object.entries(c.submodules).map(([name, s]) => [
        name,
        { manifestVersion: s.manifestVersion, revision: s.revision, parameters: { ...s.parameters } },
      ]),
    ),
    workflow: wf ? { name: wf.name, status: wf.name === "destroy" ? "Executing" : status } : null,
    errorMessage: rec.errorMessage,
    returnValues: { ...rec.returnValues },
  };
}
