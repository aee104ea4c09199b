// Workflow requests (reconfigure, destroy) while another workflow runs: the service answers 409 and acts
// on nothing, so the request is sent again until the operation's deadline.

import { abortableSleep } from "../../client/sleep";
import { errorCode, errorDiagnostic, errorMessage, failureDiagnostic } from "../../protocol/diagnostics";
import type { Diagnostic } from "../../protocol/model";
import type { ProviderContext } from "../context";

const MAX_CONFLICT_DELAY_MS = 5000;

/** True when the service accepted the request, else the diagnostic to report. */
export async function sendWhenIdle(
  ctx: ProviderContext,
  id: string,
  deadline: number,
  what: string,
  send: () => Promise<unknown>,
): Promise<true | Diagnostic> {
  let delayMs = ctx.conflictRetryDelayMs;
  for (;;) {
    try {
      await send();
      return true;
    } catch (e) {
      const busy = errorCode(e) === "E_CONFLICT";
      if (!busy || Date.now() + delayMs > deadline) {
        const detail = busy
          ? `${errorMessage(e)}. The instance was still busy when the timeout ran out: raise timeouts or apply again later.`
          : errorMessage(e);
        return errorDiagnostic(`Instance ${id}: ${what} failed`, detail);
      }
      ctx.log.info(`instance ${id} is busy with another workflow; retrying ${what}`, {
        instance_id: id,
        retry_in_ms: delayMs,
      });
      try {
        await abortableSleep(delayMs, ctx.signal);
      } catch (stopped) {
        return failureDiagnostic(`Instance ${id}: ${what} failed`, stopped);
      }
      delayMs = Math.min(delayMs * 2, MAX_CONFLICT_DELAY_MS);
    }
  }
}
