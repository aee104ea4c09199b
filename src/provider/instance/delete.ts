// Delete: destroy (unless already under way) and wait until the instance is Destroyed. An instance that
// is gone (gone.ts: not merely a 404) counts as deleted; one that could not be destroyed stays in the state.

import type { InstanceStatus } from "../../client/types";
import {
  errorCode,
  errorDiagnostic,
  errorMessage,
  failureDiagnostic,
  type ValueObject,
} from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { notAccepted } from "./busy";
import { confirmGone } from "./gone";
import { resolvePendingLaunch } from "./lost-launch";
import { decodePrivate } from "./private";
import { decodeInstance, known } from "./model";
import { UnreachableWatch } from "./unreachable";
import { timeoutMs, warnUnknownStatus, workflowKind } from "./wait";

export async function deleteInstance(
  ctx: ProviderContext,
  priorState: ValueObject,
  priorPrivate: Buffer,
): Promise<ApplyResult> {
  const prior = decodeInstance(priorState);
  let id = known(prior.id);
  const gone: ApplyResult = { newState: null, diagnostics: [] };
  const kept = (diagnostic: ReturnType<typeof errorDiagnostic>): ApplyResult => ({
    newState: priorState,
    private: priorPrivate,
    diagnostics: [diagnostic],
  });
  // a launch pending lookup (lost-launch.ts) may have created an instance: never forget it unresolved
  const pending = id === undefined ? decodePrivate(priorPrivate).pendingLaunch : undefined;
  if (pending) {
    const resolved = await resolvePendingLaunch(ctx, pending);
    if ("diagnostic" in resolved) return kept(resolved.diagnostic);
    if ("id" in resolved) id = resolved.id;
  }
  if (id === undefined) return gone;
  const { client } = ctx.service();
  const deadline = Date.now() + timeoutMs(prior, "delete");
  let current: InstanceStatus;
  try {
    current = await client.getInstanceStatus(id, { signal: ctx.signal });
  } catch (e) {
    if (errorCode(e) !== "E_NOT_FOUND") return kept(failureDiagnostic(`Instance ${id}: destroy failed`, e));
    const check = await confirmGone(ctx, prior, id);
    return check.gone ? gone : kept(check.diagnostic);
  }
  if (current.status === "Destroyed") return gone;
  // set when this delete starts the destroy: a status read before it (Running, Failed) then ends nothing
  let startedAfter: number | undefined;
  if (current.status !== "Destroying") {
    startedAfter = current.workflowHistory.length;
    try {
      await client.destroy(id, { signal: ctx.signal, deadline });
    } catch (e) {
      if (errorCode(e) === "E_NOT_FOUND") return gone;
      return kept(notAccepted(id, "destroy", e));
    }
    ctx.log.info("instance destroy accepted", { instance_id: id });
  }
  const unreachable = new UnreachableWatch(ctx.signal, ctx.service().unreachableTimeoutMs);
  try {
    await ctx.service().wait(id, {
      until: (s) => s.status === "Destroyed",
      readSubmodules: false,
      startedAfter,
      timeoutMs: Math.max(deadline - Date.now(), 1),
      signal: unreachable.signal,
      durationKey: workflowKind("delete", known(prior.applicationId)),
      onPollFailure: (err, elapsedMs) => unreachable.failed(err, elapsedMs),
      onUnknownStatus: warnUnknownStatus(ctx, id),
      onProgress: (s, elapsedMs) => {
        unreachable.polled(s, elapsedMs);
        ctx.log.info(`waiting for instance ${id}: ${s.serviceStatus ?? s.status}`, {
          instance_id: id,
          status: s.serviceStatus ?? s.status,
          elapsed_ms: elapsedMs,
        });
      },
    });
  } catch (e) {
    if (errorCode(e) === "E_NOT_FOUND") return gone;
    return kept(
      errorDiagnostic(
        `Instance ${id}: destroy did not complete`,
        `${unreachable.stoppedBecause() ?? errorMessage(e)}. The instance stays in the state; run terraform ` +
          "destroy (or apply) again.",
      ),
    );
  }
  return gone;
}
