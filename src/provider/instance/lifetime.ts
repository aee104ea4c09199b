// auto_destroy_after changed on a running instance: the service's scheduled destroy is moved in place
// (`POST /api/1/instances/{id}/destroy/reschedule`, docs/service-api.md "Lifetime"), never a relaunch.

import { NEVER_DESTROY } from "../../service/wire";
import { failureDiagnostic, sameValue, type Diagnostic } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { InstanceModel } from "./model";
import { destroyInterval } from "./requests";

/**
 * Reschedules the destroy when auto_destroy_after changed: a new value counts from now (the instance's launch
 * time is not known for certain after an import), none cancels the schedule. Undefined when done or not needed.
 */
export async function rescheduleIfChanged(
  ctx: ProviderContext,
  id: string,
  prior: InstanceModel,
  config: InstanceModel,
): Promise<Diagnostic | undefined> {
  if (sameValue(prior.autoDestroyAfter, config.autoDestroyAfter)) return undefined;
  const interval = destroyInterval(config);
  try {
    await ctx.service().client.rescheduleDestroy(id, interval, { signal: ctx.signal });
  } catch (e) {
    return failureDiagnostic(`Instance ${id}: rescheduling its destroy (auto_destroy_after) failed`, e);
  }
  ctx.log.info("instance destroy rescheduled", {
    instance_id: id,
    destroy_at: interval === NEVER_DESTROY ? "never" : new Date(Date.now() + interval).toISOString(),
  });
  return undefined;
}
