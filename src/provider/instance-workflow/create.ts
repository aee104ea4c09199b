// Create: run the workflow and wait until the instance's workflow history shows the run ended. A run
// refused as busy (409: another workflow runs) is sent again by the client until the timeout. A failed run
// is an error with the service's message and a state (so terraform taints it and the next apply runs it
// again).

import type { InstanceStatus } from "../../client/types";
import { asObject, errorDiagnostic, errorMessage, type ValueObject } from "../../terraform-model";
import type { ProviderContext } from "../context";
import { timeoutOrDefault } from "../duration";
import { notAccepted } from "../instance/busy";
import { UnreachableWatch } from "../instance/unreachable";
import { warnUnknownStatus } from "../instance/wait";
import type { ApplyResult } from "../resource";
import { DEFAULT_TIMEOUT } from "../schema";
import { knownString, knownStringMap, returnValueMap } from "../values";

const ENDED = new Set(["Succeeded", "Failed", "Canceled", "Suspended"]);

export async function createWorkflowRun(
  ctx: ProviderContext,
  planned: ValueObject,
  config: ValueObject,
): Promise<ApplyResult> {
  const instanceId = String(planned.instance_id);
  const workflow = String(planned.workflow);
  // Write-only: the secrets are in the configuration only, never in the plan.
  const secrets = knownStringMap(config, "secret_parameters") ?? {};
  const parameters = { ...knownStringMap(planned, "parameters"), ...secrets };
  const returnValues = (s: InstanceStatus) => withoutSecrets(returnValueMap(s.returnValues), secrets);
  const deadline =
    Date.now() + timeoutOrDefault(knownString(asObject(planned.timeouts), "create"), DEFAULT_TIMEOUT);
  const service = ctx.service();
  const what = `workflow ${workflow}`;
  let before: InstanceStatus;
  try {
    // The history's length before the run tells our run from earlier ones of the same name.
    before = await service.client.getInstanceStatus(instanceId, { signal: ctx.signal });
    await service.client.runWorkflow(instanceId, workflow, parameters, { signal: ctx.signal, deadline });
  } catch (e) {
    return { newState: null, diagnostics: [notAccepted(instanceId, what, e)] };
  }
  const start = before.workflowHistory.length;
  const ourRun = (s: InstanceStatus) => {
    const index = s.workflowHistory.findIndex((run, i) => i >= start && run.name === workflow);
    return index < 0 ? undefined : { index, run: s.workflowHistory[index] };
  };
  ctx.log.info(`instance ${instanceId}: ${what} accepted`, { instance_id: instanceId, workflow });
  let last: InstanceStatus;
  const unreachable = new UnreachableWatch(ctx.signal, service.unreachableTimeoutMs);
  try {
    last = await service.wait(instanceId, {
      // Our run ended; or the instance left the states a run can end in, which the checks below report.
      until: (s) => ENDED.has(ourRun(s)?.run.status ?? "") || s.status === "Destroyed",
      startedAfter: start,
      readSubmodules: false,
      timeoutMs: Math.max(deadline - Date.now(), 1),
      signal: unreachable.signal,
      durationKey: `workflow ${workflow} ${before.application}`,
      onPollFailure: (err, elapsedMs) => unreachable.failed(err, elapsedMs),
      onUnknownStatus: warnUnknownStatus(ctx, instanceId),
      onProgress: (s, elapsedMs) => {
        unreachable.polled(s, elapsedMs);
        ctx.log.info(`waiting for ${what} on instance ${instanceId}: ${s.serviceStatus ?? s.status}`, {
          instance_id: instanceId,
          elapsed_ms: elapsedMs,
        });
      },
    });
  } catch (e) {
    return failed(planned, instanceId, workflow, undefined, unreachable.stoppedBecause() ?? errorMessage(e));
  }
  const mine = ourRun(last);
  const id = `${instanceId}/${workflow}/${mine?.index ?? start}`;
  if (mine?.run.status !== "Succeeded")
    return failed(
      { ...planned, id, return_values: returnValues(last) },
      instanceId,
      workflow,
      mine?.run.status ?? last.status,
      last.errorMessage ?? "The service gave no error message",
    );
  return {
    newState: { ...planned, id, status: "Succeeded", return_values: returnValues(last) },
    diagnostics: [],
  };
}

/** A run that did not succeed: an error, and a state with an id so terraform taints it (run again next time). */
function failed(
  planned: ValueObject,
  instanceId: string,
  workflow: string,
  status: string | undefined,
  message: string,
): ApplyResult {
  const newState: ValueObject = {
    ...planned,
    id: typeof planned.id === "string" ? planned.id : `${instanceId}/${workflow}/-`,
    status: status ?? null,
    return_values: asObject(planned.return_values) ?? {},
  };
  return {
    newState,
    diagnostics: [
      errorDiagnostic(
        `Instance ${instanceId}: workflow ${workflow} ${status ? `ended ${status}` : "did not complete"}`,
        `${message}. terraform records the run as tainted: the next apply runs the workflow again.`,
      ),
    ],
  };
}

/** The return values but those that echo a secret the run was given (a workflow may return its parameters). */
function withoutSecrets(values: ValueObject, secrets: Record<string, string>): ValueObject {
  const sent = new Set(Object.values(secrets));
  if (sent.size === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !sent.has(v as string)));
}
