// An instance's scheduled destroy (launch's destroyInterval) moved or cancelled in place, and the list of its
// schedules (docs/service-api.md, "Lifetime").
import { NEVER_DESTROY, type WireSchedule } from "../service/wire";
import { RequestReader } from "./request-reader";
import { ServiceError } from "./service-error";
import type { InstanceRecord } from "./state";

/**
 * `{timestamp}`: milliseconds from now until the destroy (0: at once), or -1 for never, as the evidence's two
 * callers send it (docs/service-api.md, "Lifetime"): a number, or its digits as a string (the Python monitor).
 */
export function rescheduleDestroy(rec: InstanceRecord, body: unknown, now: number): void {
  const reader = new RequestReader();
  const b = reader.object(body, "body", ["timestamp"]);
  if (!b) throw new ServiceError(400, reader.errors);
  const raw = b.timestamp;
  const t = typeof raw === "string" && /^(-1|\d{1,15})$/.test(raw) ? Number(raw) : raw;
  if (!Number.isSafeInteger(t) || ((t as number) < 0 && t !== NEVER_DESTROY))
    reader.errors.push(
      "timestamp must be the milliseconds from now until the destroy, or -1 for never: " +
        '{"timestamp": 3600000} destroys in an hour',
    );
  if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
  if (rec.status === "Destroyed")
    throw new ServiceError(400, [`instance ${rec.id} is destroyed; there is nothing left to schedule`]);
  rec.destroyAt = t === NEVER_DESTROY ? null : now + (t as number);
}

/** The scheduled workflows, each with the epoch ms it runs at (the list's shape is ours). */
export function schedulesOf(rec: InstanceRecord): WireSchedule[] {
  return rec.destroyAt === null ? [] : [{ workflow: "destroy", timestamp: rec.destroyAt }];
}
