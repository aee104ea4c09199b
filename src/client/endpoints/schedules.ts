// Endpoints of an instance's schedules: moving (or cancelling) its scheduled destroy in place, and listing
// what is scheduled (docs/service-api.md, "Lifetime").
import { ConfigError } from "../errors";
import * as normalise from "../normalise";
import { NEVER_DESTROY, type WireSchedule } from "../../service-wire";
import type { ServiceCalls } from "../service-calls";
import type { CallOptions } from "../types";
import { checkId } from "../validate";

/** Moves the scheduled destroy to `timestamp` (epoch ms); NEVER_DESTROY (-1) cancels it. */
async function rescheduleDestroy(
  calls: ServiceCalls,
  id: string,
  timestamp: number,
  o?: CallOptions,
): Promise<void> {
  if (!Number.isSafeInteger(timestamp) || (timestamp <= 0 && timestamp !== NEVER_DESTROY))
    throw new ConfigError("timestamp", "give the destroy's time in epoch milliseconds, or -1 for never");
  const path = `/instances/${checkId("instanceId", id)}/destroy/reschedule`;
  await calls.api("rescheduleDestroy", "POST", path, { timestamp }, o, () => undefined);
}

/** The instance's scheduled workflows (`[{workflow, timestamp}]`, timestamp in epoch ms). */
async function listSchedules(calls: ServiceCalls, id: string, o?: CallOptions): Promise<WireSchedule[]> {
  const path = `/instances/${checkId("instanceId", id)}/schedules`;
  return calls.api("listSchedules", "GET", path, undefined, o, normalise.schedules);
}

/** The endpoints of this service area, each sent through `calls`. */
export const scheduleEndpoints = { rescheduleDestroy, listSchedules };
