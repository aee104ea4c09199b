// Update: a changed auto_destroy_after rescheduled in place (lifetime.ts), then ONE reconfigure carrying the
// complete desired configuration, and a wait until the service shows the listed values. Changes that stay
// local (timeouts, manifest text), and changes the manifest proves leave every value on the service as it is,
// send nothing: the rules' one answer (src/rules/reconfigure.ts), as the plan asked it.

import type { InstanceStatus, Parameters, ReconfigureRequest } from "../../client/types";
import { isSettledStatus } from "../../client/waiters";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { flattenSubmodules } from "../../service/wire";
import { notAccepted } from "./busy";
import { failureDiagnostic, type ValueObject } from "../../terraform-model";
import { rescheduleIfChanged } from "./lifetime";
import type { InstanceModel } from "./model";
import { serviceChange } from "../../rules";
import { decodeCall } from "./change";
import { unsentHeldSecrets, unsentSecretErrors } from "./secrets";
import { reconfigureRequest } from "./requests";
import { awaitWorkflow, stateAfterApply, timeoutMs } from "./wait";

export async function updateInstance(
  ctx: ProviderContext,
  priorState: ValueObject,
  planned: InstanceModel,
  configValue: ValueObject,
  plannedPrivate: Buffer,
): Promise<ApplyResult> {
  const { config, prior: decoded, change } = decodeCall(configValue, priorState, plannedPrivate);
  const prior = decoded!;
  const id = prior.id as string;
  const rescheduleFailed = await rescheduleIfChanged(ctx, id, prior, config);
  if (rescheduleFailed) return { newState: priorState, diagnostics: [rescheduleFailed] };
  // user_data is its own call, never part of a reconfigure.
  if (typeof config.userData === "string" && config.userData !== prior.userData) {
    try {
      await ctx.service().client.putUserData(id, config.userData, { signal: ctx.signal });
    } catch (e) {
      return {
        newState: priorState,
        diagnostics: [failureDiagnostic(`Setting user_data of instance ${id} failed`, e)],
      };
    }
  }
  // new secrets (a new version, names added or removed) are sent whatever the rule says
  if (!change.secrets.sent && !serviceChange(change).reachesService) {
    // nothing reaches the service (a local change, or one the manifest proves changes no value): keep
    // what the last read learnt (the plan passed it on)
    return { newState: stateAfterApply(planned, id, undefined), private: plannedPrivate, diagnostics: [] };
  }
  // what the plan could not check (a value unknown then): never send a reconfigure that drops a held secret
  const unsent = unsentSecretErrors(unsentHeldSecrets(prior, config, change.desired));
  if (unsent.length > 0) return { newState: priorState, diagnostics: unsent };
  const request = reconfigureRequest(config);
  const deadline = Date.now() + timeoutMs(config, "update");
  const { client } = ctx.service();
  let startedAfter: number;
  try {
    // The history before the call tells the wait which status is from this reconfigure: the service's status
    // lags a new workflow, and a Failed instance (one this update repairs) still reads Failed for a while.
    startedAfter = (await client.getInstanceStatus(id, { signal: ctx.signal })).workflowHistory.length;
    await client.reconfigure(id, request, { signal: ctx.signal, deadline });
  } catch (e) {
    return { newState: priorState, diagnostics: [notAccepted(id, "reconfigure", e)] };
  }
  ctx.log.info("instance reconfiguration accepted", { instance_id: id });
  return awaitWorkflow(
    ctx,
    id,
    Math.max(deadline - Date.now(), 1),
    planned,
    "update",
    (s) =>
      s.status === "Failed" ||
      (s.status === "Running" && isSettledStatus(s) && listedValuesVisible(s, request)),
    startedAfter,
  );
}

function listedValuesVisible(s: InstanceStatus, req: ReconfigureRequest): boolean {
  const same = (want: Parameters | undefined, actual: Parameters | undefined) =>
    Object.entries(want ?? {}).every(([k, v]) => actual?.[k] === v);
  if (req.manifestVersion !== undefined && s.version !== req.manifestVersion) return false;
  if (!same(req.parameters, s.parameters)) return false;
  return Object.entries(flattenSubmodules(req.submodules ?? {})).every(([name, sub]) => {
    const actual = Object.hasOwn(s.submodules, name) ? s.submodules[name] : undefined;
    if (!actual) return false;
    if (sub.manifestVersion !== undefined && actual.manifestVersion !== sub.manifestVersion) return false;
    return same(sub.parameters, actual.parameters);
  });
}
