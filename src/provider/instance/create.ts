// Create: one launch, never resent once the service may have acted. A failed create still returns the
// new id, so terraform taints the instance instead of orphaning it; a lost launch answer whose lookup
// failed returns a state without id but with a mark (pendingLaunchState), for the same reason.

import { errorCode, failureDiagnostic, warningDiagnostic, type Diagnostic } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { findLostLaunch, type LookupFailed } from "./lost-launch";
import { encodePrivate } from "./private";
import { unknownsAsNull } from "../values";
import type { LaunchRequest, OperationAccepted } from "../../client/types";
import { encodeInstance, type InstanceModel } from "./model";
import { launchRequest } from "./requests";
import { awaitWorkflow, isSettled, stateAfterApply, timeoutMs } from "./wait";
import { attrPath } from "../values";

export async function createInstance(
  ctx: ProviderContext,
  planned: InstanceModel,
  config: InstanceModel,
): Promise<ApplyResult> {
  const appId = planned.applicationId as string;
  const request = launchRequest(config);
  const deadline = Date.now() + timeoutMs(config, "create");
  let id: string;
  let before: ReadonlySet<string> = new Set();
  let notes: Diagnostic[] = [];
  try {
    ctx.signal.throwIfAborted(); // after StopProvider nothing new starts
    before = await instancesBefore(ctx, appId, request);
    // Not cancelled by StopProvider mid-request: that would lose the id of an instance the service may
    // already have created (an orphan); the request is bounded by request_timeout anyway. The client sends
    // a launch refused with 429 again after Retry-After, and never one the service may have acted on.
    const accepted = await ctx.service().client.launch(appId, request, { deadline, pauseSignal: ctx.signal });
    id = accepted.id;
    notes = launchNotes(accepted);
    await ctx.launches.launched(appId, id);
  } catch (e) {
    if (errorCode(e) !== "E_OUTCOME_UNKNOWN") {
      return { newState: null, diagnostics: [failureDiagnostic(`Launch of application ${appId} failed`, e)] };
    }
    const found = await findLostLaunch(ctx, appId, request, before);
    if (typeof found === "string") id = found;
    else if ("pending" in found) return pendingLaunchState(planned, found);
    else return { newState: null, diagnostics: [found] };
  }
  ctx.log.info("instance launched", { instance_id: id, application_id: appId });
  if (typeof config.userData === "string") {
    try {
      await ctx.service().client.putUserData(id, config.userData, { signal: ctx.signal });
    } catch (e) {
      // The instance exists: its id goes into the state with the error, so terraform taints it.
      const failed = failureDiagnostic(
        `Setting user_data of the new instance ${id} failed`,
        e,
        attrPath("user_data"),
      );
      return { newState: stateAfterApply(planned, id, undefined), diagnostics: [...notes, failed] };
    }
  }
  const result = await awaitWorkflow(
    ctx,
    id,
    Math.max(deadline - Date.now(), 1),
    planned,
    "create",
    isSettled,
  );
  return { ...result, diagnostics: [...notes, ...result.diagnostics] };
}

/**
 * A launch that may have created an instance no lookup could find yet: the configured attributes with a
 * null id and the mark the next refresh or delete resolves (read.ts, delete.ts). With the error, terraform
 * keeps it tainted, so no apply launches the name again meanwhile.
 */
function pendingLaunchState(planned: InstanceModel, failed: LookupFailed): ApplyResult {
  return {
    newState: unknownsAsNull(encodeInstance({ ...planned, id: null })),
    private: encodePrivate({ pendingLaunch: failed.pending }),
    diagnostics: [failed.diagnostic],
  };
}

/** The `warnings` and `errors` of a launch answer, as terraform warnings on the resource (the launch went ahead). */
function launchNotes(accepted: OperationAccepted): Diagnostic[] {
  const id = accepted.id;
  return [
    ...(accepted.warnings ?? []).map((w) =>
      warningDiagnostic(`Launch of instance ${id}: the service warns`, w),
    ),
    ...(accepted.errors ?? []).map((e) =>
      warningDiagnostic(
        `Launch of instance ${id}: the service reported an error`,
        `${e} (the launch was accepted; its workflow's outcome follows)`,
      ),
    ),
  ];
}

/**
 * The instances a named launch cannot create, noted before it (a lost answer is resolved by name, and
 * names may repeat). An unnamed launch cannot be found again anyway.
 */
function instancesBefore(
  ctx: ProviderContext,
  appId: string,
  request: LaunchRequest,
): Promise<ReadonlySet<string>> {
  if (request.instanceName === undefined) return Promise.resolve(new Set());
  return ctx.launches.before(ctx.service().client, appId, ctx.signal);
}
