// An instance's scheduled destroy (launch's destroyInterval) moved or cancelled in place, and the list of its
// schedules (docs/service-api.md, "Lifetime").
import { NEVER_DESTROY, type WireSchedule } from "../service-wire";
import { RequestReader } from "./request-reader";
import { ServiceError } from "./service-error";
import type { InstanceRecord } from "./state";

/** `{timestamp}`: epoch ms of the new destroy (a past one destroys at once), or -1 for never. */
export function rescheduleDestroy(rec: InstanceRecord, body: unknown): void {
  const reader = new RequestReader();
  const b = reader.object(body, "body", ["timestamp"]);
  if (!b) throw new ServiceError(400, reader.errors);
  const t = b.timestamp;
  if (!Number.isSafeInteger(t) || ((t as number) <= 0 && t !== NEVER_DESTROY))
    reader.errors.push(
      "timestamp must be the destroy's time in epoch milliseconds, or -1 for never: " +
        '{"timestamp": 1767225600000}',
    );
  if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
  if (rec.status === "Destroyed")
    throw new ServiceError(400, [`instance ${rec.id} is destroyed; there is nothing left to schedule`]);
  rec.destroyAt = t === NEVER_DESTROY ? null : (t as number);
}

export function schedulesOf(rec: InstanceRecord): WireSchedule[] {
  return rec.destroyAt === null ? [] : [{ workflow: "destroy", timestamp: rec.destroyAt }];
}
