// Endpoints of an instance's schedules: moving (or cancelling) its scheduled destroy in place, and listing
// what is scheduled (docs/service-api.md, "Lifetime").
import { ConfigError } from "../errors";
import * as normalise from "../normalise";
import { NEVER_DESTROY, type WireSchedule } from "../../service/wire";
import type { ServiceCalls } from "../service-calls";
import type { CallOptions } from "../types";
import { checkId } from "../validate";

/**
 * Moves the scheduled destroy to `inMs` milliseconds from now; NEVER_DESTROY (-1) cancels it. The body's
 * `timestamp` is that count, as the service's own callers send it (docs/service-api.md, "Lifetime").
 */
async function rescheduleDestroy(
  calls: ServiceCalls,
  id: string,
  inMs: number,
  o?: CallOptions,
): Promise<void> {
  if (!Number.isSafeInteger(inMs) || (inMs < 0 && inMs !== NEVER_DESTROY))
    throw new ConfigError("inMs", "give the milliseconds from now until the destroy, or -1 for never");
  const path = `/instances/${checkId("instanceId", id)}/destroy/reschedule`;
  await calls.api("rescheduleDestroy", "POST", path, { timestamp: inMs }, o, () => undefined);
}

/** The instance's scheduled workflows (`[{workflow, timestamp}]`, timestamp in epoch ms). */
async function listSchedules(calls: ServiceCalls, id: string, o?: CallOptions): Promise<WireSchedule[]> {
  const path = `/instances/${checkId("instanceId", id)}/schedules`;
  return calls.api("listSchedules", "GET", path, undefined, o, normalise.schedules);
}

/** The endpoints of this service area, each sent through `calls`. */
export const scheduleEndpoints = { rescheduleDestroy, listSchedules };
