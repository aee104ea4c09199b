// A test control: status reads that lag a new workflow. The real service's status may still show the previous
// status for a while after a reconfigure, destroy or workflow run (its own clients sleep about 10 s for that:
// docs/service-api.md, "Instance status"); with a lag of N, the next N status reads of the instance show its
// status from before the call (previous status, history without the new run).
import type { WireInstanceStatus } from "../service/wire";
import { wireInstanceStatus } from "./instance-lifecycle";
import type { InstanceRecord } from "./state";

export class StatusLag {
  private reads = 0;
  /** Per instance: its status from before the new workflow, and how many more reads show it. */
  private readonly lagging = new Map<string, { before: WireInstanceStatus; reads: number }>();

  /** Lag the status reads after each new workflow from now on by `reads` (0: no lag). */
  set(reads: number): void {
    if (!Number.isSafeInteger(reads) || reads < 0)
      throw new Error(`status lag ${reads} is not a whole number of reads >= 0`);
    this.reads = reads;
    if (reads === 0) this.lagging.clear();
  }

  /** Called just before a workflow starts on `rec`: keeps the status it shows now. */
  workflowStarting(rec: InstanceRecord, now: number): void {
    if (this.reads > 0) this.lagging.set(rec.id, { before: wireInstanceStatus(rec, now), reads: this.reads });
  }

  /** The status a read of instance `id` shows instead of the current one, while it lags. */
  read(id: string): WireInstanceStatus | undefined {
    const lag = this.lagging.get(id);
    if (!lag) return undefined;
    if (--lag.reads <= 0) this.lagging.delete(id);
    return lag.before;
  }
}
