// A clone comes online a while after the clone call: the service refuses launches into it until then
// (docs/service-api.md, "Environments"), so create waits for it as the service's own Python client does.

import { abortableSleep } from "../../client/sleep";
import type { ServiceClient } from "../service";

/** Longest wait for a clone to come online, and the pause between two looks at the environment list. */
export const ONLINE_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = [100, 200, 500, 1000, 2000];

export async function waitOnline(
  client: ServiceClient,
  orgId: string,
  envId: string,
  signal: AbortSignal,
  timeoutMs = ONLINE_TIMEOUT_MS,
): Promise<void> {
  const started = Date.now();
  for (let look = 0; ; look++) {
    const env = (await client.listEnvironments(orgId, { signal })).find((e) => e.id === envId);
    if (!env)
      throw new Error(
        `organization ${orgId} does not list environment ${envId}, the clone just made; look for it in the service's console`,
      );
    if (env.online) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `environment ${envId} is not online ${Math.round(timeoutMs / 1000)} s after it was cloned; the service ` +
          "refuses launches into it until it is: apply again later",
      );
    await abortableSleep(POLL_MS[Math.min(look, POLL_MS.length - 1)], signal);
  }
}
