// Create: one launch, never resent once the service may have acted. A failed create still returns the
// new id, so terraform taints the instance instead of orphaning it.

import { abortableSleep } from "../../client/sleep";
import type { LaunchRequest } from "../../client/types";
import { errorCode, failureDiagnostic } from "../../protocol/diagnostics";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { findLostLaunch } from "./lost-launch";
import type { InstanceModel } from "./model";
import { launchRequest } from "./requests";
import { awaitWorkflow, isSettled, timeoutMs } from "./wait";

/** Launch attempts while the service answers 429 (too many requests). */
const MAX_REFUSED_LAUNCHES = 4;

export async function createInstance(
  ctx: ProviderContext,
  planned: InstanceModel,
  config: InstanceModel,
): Promise<ApplyResult> {
  const appId = planned.applicationId as string;
  const request = launchRequest(config);
  const deadline = Date.now() + timeoutMs(config, "create");
  let id: string;
  try {
    id = (await launchUnlessRefused(ctx, appId, request, deadline)).id;
  } catch (e) {
    if (errorCode(e) !== "E_OUTCOME_UNKNOWN") {
      return { newState: null, diagnostics: [failureDiagnostic(`Launch of application ${appId} failed`, e)] };
    }
    const found = await findLostLaunch(ctx, appId, request);
    if (typeof found !== "string") return { newState: null, diagnostics: [found] };
    id = found;
  }
  ctx.log.info("instance launched", { instance_id: id, application_id: appId });
  return awaitWorkflow(ctx, id, Math.max(deadline - Date.now(), 1), planned, "create", isSettled);
}

/**
 * The launch, sent again after a 429: the service refused it before acting, so nothing was created (unlike
 * a 5xx or a lost answer, which the client reports as OutcomeUnknownError and which are never resent).
 */
async function launchUnlessRefused(
  ctx: ProviderContext,
  appId: string,
  request: LaunchRequest,
  deadline: number,
): Promise<{ id: string }> {
  const { client } = ctx.service();
  for (let attempt = 1; ; attempt++) {
    ctx.signal.throwIfAborted(); // after StopProvider nothing new starts
    try {
      // Not cancelled by StopProvider: an abort mid-request would lose the id of an instance the service
      // may already have created (an orphan). The request is bounded by request_timeout anyway.
      return await client.launch(appId, request);
    } catch (e) {
      const waitMs = (e as { retryAfterMs?: number }).retryAfterMs ?? ctx.conflictRetryDelayMs;
      const refused = errorCode(e) === "E_RATE_LIMIT";
      if (!refused || attempt >= MAX_REFUSED_LAUNCHES || Date.now() + waitMs > deadline) throw e;
      ctx.log.info(`launch of application ${appId} refused (429); sending it again`, {
        application_id: appId,
        retry_in_ms: waitMs,
      });
      await abortableSleep(waitMs, ctx.signal);
    }
  }
}
