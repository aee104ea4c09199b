// Waiting for an instance's workflow, separate from the calls that start one.
import { AbortedError, AppMgmtError, TimeoutError, WorkflowFailedError, isTransient } from "./errors";
import { abortableSleep } from "./sleep";
import type { CallOptions, InstanceStatus } from "./types";

/**
 * Poll offsets in ms from the start of the wait (which is right after the launch/reconfigure/destroy answer).
 *
 * Two bars pull in opposite directions (DESIGN §8): a 10 s workflow may cost at most 10 status calls and must
 * be seen ending by 11 s, while 2 s workflows (the 100-instance apply, ideal 10 waves × 2 s, allowed 1.15×)
 * leave ~0.3 s of slack per wave, so their end must be seen within ~0.2 s. Geometric backoff cannot do both:
 * ratio 1.1 (10% lateness everywhere) needs ~25 calls up to 10 s; ratio 2 sees a 2 s end at 4 s.
 * Workflows of this service take seconds (the demo: 1–1.5 s), so the calls are spent where ends are likely:
 *   - 1.0, 1.5, 1.8, 2.0, 2.2, 2.5, 3.0 s: 7 calls, gaps 0.2–0.5 s; a 2 s end is seen at 2.0 or 2.2 s;
 *   - 5.5, 8.0, 10.4 s: gaps of ~2.5 s (≤ 25% of the elapsed time), the last one 0.4 s after 10 s, so a 10 s
 *     workflow is seen at 10.4 s (4% late, leaving room for request latency) with exactly 10 calls.
 * After the list, polls continue every max(2.5 s, 10% of the elapsed time), capped at 15 s: lateness stays
 * ≤ 10% for long workflows and the call rate falls off for 30-minute timeouts.
 */
export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  offsetsMs: [1000, 1500, 1800, 2000, 2200, 2500, 3000, 5500, 8000, 10400],
  thenFraction: 0.1,
  thenMinGapMs: 2500,
  thenMaxGapMs: 15_000,
};

export interface PollSchedule {
  /** Increasing offsets from the start of the wait at which to poll. */
  offsetsMs: readonly number[];
  /** After the offsets: gap = elapsed × thenFraction, clamped to [thenMinGapMs, thenMaxGapMs]. */
  thenFraction: number;
  thenMinGapMs: number;
  thenMaxGapMs: number;
}

/** Offset of the poll following the one at `previousMs` (or the first, when previousMs is undefined). */
export function nextPollOffset(schedule: PollSchedule, previousMs: number | undefined): number {
  const listed = schedule.offsetsMs.find((t) => previousMs === undefined || t > previousMs);
  if (listed !== undefined) return listed;
  const last = previousMs ?? 0;
  const gap = Math.min(schedule.thenMaxGapMs, Math.max(schedule.thenMinGapMs, last * schedule.thenFraction));
  return last + gap;
}

export interface Clock {
  now(): number;
  /** Resolves after ms; rejects when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface WaitOptions {
  /** True when the wait is over, e.g. `s => s.status === "Running"`. */
  until: (s: InstanceStatus) => boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (s: InstanceStatus, elapsedMs: number) => void;
  schedule?: PollSchedule;
  /** Injected time source (tests use a virtual clock). */
  clock?: Clock;
}

/** The part of the client the waiter needs. */
export interface InstanceReader {
  getInstance(id: string, o?: CallOptions): Promise<InstanceStatus>;
}

const realClock: Clock = { now: Date.now, sleep: abortableSleep };

/**
 * Polls the instance status on the schedule until `until` accepts it. Status `Failed` (unless accepted)
 * throws WorkflowFailedError with the service's errorMessage; running out of time throws TimeoutError;
 * the signal throws AbortedError. A poll that fails transiently even after the call's own retries (5xx,
 * 429, resets, request timeouts) does not end the wait: the next poll follows the schedule.
 */
export async function waitForInstance(
  client: InstanceReader,
  id: string,
  opts: WaitOptions,
): Promise<InstanceStatus> {
  const clock = opts.clock ?? realClock;
  const schedule = opts.schedule ?? DEFAULT_POLL_SCHEDULE;
  const start = clock.now();
  const deadline = start + opts.timeoutMs;
  const what = `waiting for instance ${id}`;
  let last: InstanceStatus | undefined;
  let lastError: AppMgmtError | undefined;
  let offset: number | undefined;
  for (;;) {
    offset = nextPollOffset(schedule, offset);
    // The last poll happens at the deadline, so a workflow ending just before it is still seen.
    const pause = Math.min(start + offset, deadline) - clock.now();
    if (pause > 0) {
      try {
        await clock.sleep(pause, opts.signal);
      } catch (err) {
        throw new AbortedError(what, { cause: err });
      }
    }
    if (opts.signal?.aborted) throw new AbortedError(what, { cause: opts.signal.reason });
    try {
      last = await client.getInstance(id, { signal: opts.signal });
      lastError = undefined;
    } catch (err) {
      if (!isTransient(err)) throw err;
      lastError = err;
    }
    const elapsed = clock.now() - start;
    if (last && !lastError) {
      opts.onProgress?.(last, elapsed);
      if (opts.until(last)) return last;
      if (last.status === "Failed") {
        throw new WorkflowFailedError(
          { id, name: last.name, workflow: last.workflow?.name },
          last.errorMessage,
        );
      }
    }
    if (clock.now() >= deadline) {
      const lastSeen = `last status ${last?.status ?? "unknown"}${lastError ? `, last poll: ${lastError.message}` : ""}`;
      throw new TimeoutError(
        `instance ${id} did not reach the expected state within ${Math.round(elapsed / 1000)} s ` +
          `(${lastSeen}); raise the timeout or check the instance in the service`,
        { instanceId: id, lastStatus: last?.status, waitedMs: elapsed },
        { cause: lastError },
      );
    }
  }
}
