// Waiting for an instance's workflow, separate from the calls that start one.
import { INSTANCE_STATUS_VALUES } from "../service/wire";
import {
  AbortedError,
  AppMgmtError,
  TimeoutError,
  WorkflowFailedError,
  WorkflowStoppedError,
  isTransient,
} from "./errors";
import { abortableSleep } from "./sleep";
import type { CallOptions, InstanceStatus } from "./types";

/**
 * Poll offsets in ms from the start of the wait (which is right after the launch/reconfigure/destroy answer),
 * for workflows known to take a second or more.
 *
 * Two bars pull in opposite directions (ARCHITECTURE.md §8): a 10 s workflow may cost at most 10 status calls and must
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

/** Calls a 10 s workflow may cost (ARCHITECTURE.md §8): every schedule here spends at most this many up to 10.4 s. */
const CALLS_UP_TO_10_S = 10;
/** The default's polls from 3 s on: a learnt schedule ends with them, so long workflows are seen as before. */
const LATE_TAIL_MS = [3000, 5500, 8000, 10400];
/** No poll earlier than this: a workflow is not over before its start has been answered and read. */
const MIN_OFFSET_MS = 5;

/**
 * When nothing is known yet about this kind of workflow: the default schedule with one probe at 0.1 s instead
 * of the 1.0 s poll (1.6–2.4 s ends are still seen within 0.2 s, a 10 s one with 10 calls). Instant
 * workflows (a simulator, no-op changes) are seen at 0.1 s, and what the first waits see teaches the rest.
 */
export const FIRST_CONTACT_POLL_SCHEDULE: PollSchedule = {
  ...DEFAULT_POLL_SCHEDULE,
  offsetsMs: [100, 1500, 1800, 2000, 2200, 2500, ...LATE_TAIL_MS],
};

/**
 * The schedule for workflows that typically end after `typicalMs` (undefined: not known yet). Pure.
 *
 * Workflows of a second or more keep the default schedule. Faster ones are polled at 0.75, 1, 1.25, 1.6
 * and 2 × the typical time (not before 5 ms), so they are seen soon after they end; the calls left up to
 * the 10 s budget go to a geometric ladder up to the default's 3.0, 5.5, 8.0, 10.4 s polls, so an unusually
 * long workflow of the same kind costs no more calls than with the default schedule and is seen as late.
 */
export function learnedPollSchedule(typicalMs: number | undefined): PollSchedule {
  if (typicalMs === undefined) return FIRST_CONTACT_POLL_SCHEDULE;
  if (typicalMs >= DEFAULT_POLL_SCHEDULE.offsetsMs[0]) return DEFAULT_POLL_SCHEDULE;
  const near = [0.75, 1, 1.25, 1.6, 2].map((f) =>
    Math.max(MIN_OFFSET_MS, Math.ceil((f * typicalMs) / 5) * 5),
  );
  const window = [...new Set(near)];
  const windowEnd = window[window.length - 1];
  const ladder: number[] = [];
  const steps = CALLS_UP_TO_10_S - window.length - LATE_TAIL_MS.length + 1;
  for (let i = 1; i < steps; i++)
    ladder.push(Math.round(windowEnd * (LATE_TAIL_MS[0] / windowEnd) ** (i / steps)));
  return { ...DEFAULT_POLL_SCHEDULE, offsetsMs: [...window, ...ladder, ...LATE_TAIL_MS] };
}

/**
 * How long recent workflows took, per kind (a caller-chosen key, e.g. the application id; "" for any), as the
 * middle of the interval between the last poll that saw them running and the one that saw them end.
 * The typical duration is the median of the last 8: recent enough to follow a change of pace.
 */
export class WorkflowDurations {
  private static readonly KEEP = 8;
  private readonly recent = new Map<string, number[]>();

  record(key: string, lastRunningMs: number, seenEndedMs: number): void {
    const list = this.recent.get(key) ?? [];
    list.push((lastRunningMs + seenEndedMs) / 2);
    if (list.length > WorkflowDurations.KEEP) list.shift();
    this.recent.set(key, list);
  }

  typicalMs(key: string): number | undefined {
    const list = this.recent.get(key);
    if (!list?.length) return undefined;
    return [...list].sort((a, b) => a - b)[list.length >> 1];
  }
}

/** What this process has learnt: one terraform command's waits teach the following ones. */
export const processWorkflowDurations = new WorkflowDurations();

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
  /** Called for each poll that failed transiently (the wait goes on), with the time waited so far. */
  onPollFailure?: (err: AppMgmtError, elapsedMs: number) => void;
  /** Called once for each status word in no row of INSTANCE_STATUS_WORDS (the wait goes on; it never ends on one). */
  onUnknownStatus?: (status: string) => void;
  /** A fixed schedule; by default it is learnt from `durations` (see learnedPollSchedule). */
  schedule?: PollSchedule;
  /** Where workflow durations are learnt and recorded (default: processWorkflowDurations). */
  durations?: WorkflowDurations;
  /** The kind of workflow for learning, e.g. the application id (default "": all workflows alike). */
  durationKey?: string;
  /** Injected time source (tests use a virtual clock). */
  clock?: Clock;
  /**
   * The length of the instance's workflowHistory read before the call that started the workflow waited for.
   * A status that shows no newer run, no current workflow and no in-flight status is from before that call
   * (the service's status lags a new workflow): it neither ends the wait nor fails it. Ignored when 0 (a
   * service that reports no history).
   */
  startedAfter?: number;
  /**
   * Whether the status that settles the wait is read whole, its submodules' settings included (one call per
   * submodule, once); default true. False when `until` and the caller need the instance's own status only.
   */
  readSubmodules?: boolean;
}

const IN_FLIGHT: ReadonlySet<string> = new Set(["Requested", "Executing", "Destroying"]);

/**
 * `Unknown`: the service cannot tell the instance's state (the Jenkins plugin makes the word itself for a 408).
 * The workflow may go on: the wait polls on, neither settled nor proof of a new workflow; how long an
 * `Unknown` may last is the caller's (the provider's unreachable_timeout).
 */
export const UNKNOWN_STATUS = "Unknown";

/** Whether `s` shows the workflow started after a history of `startedAfter` runs (see WaitOptions). */
export function showsNewWorkflow(s: InstanceStatus, startedAfter: number | undefined): boolean {
  return (
    !startedAfter ||
    s.workflowHistory.length > startedAfter ||
    (s.workflow !== null && s.workflow !== undefined) ||
    IN_FLIGHT.has(s.status)
  );
}

/** The part of the client the waiter needs. */
export interface InstanceReader {
  getInstanceStatus(id: string, o?: CallOptions): Promise<InstanceStatus>;
  readSubmodules(status: InstanceStatus, paths: "all", o?: CallOptions): Promise<InstanceStatus>;
}

/** A status no wait outlasts by polling on: the workflow is over (a later read shows nothing newer). */
export function isSettledStatus(s: InstanceStatus): boolean {
  return (
    KNOWN_STATUSES.has(s.status) &&
    !IN_FLIGHT.has(s.status) &&
    s.status !== UNKNOWN_STATUS &&
    (s.workflow === null || s.workflow === undefined || !WORKFLOW_RUNNING.test(s.workflow.status))
  );
}

const WORKFLOW_RUNNING = /^(requested|pending|running|executing|in[ _-]?progress)$/i;

/** Whether the wait reads `s` whole (WaitOptions.readSubmodules): it is settled, or `until` may end on it. */
export const readsWhole = (s: InstanceStatus, until: (s: InstanceStatus) => boolean) =>
  isSettledStatus(s) || until(s);

const realClock: Clock = { now: Date.now, sleep: abortableSleep };

const KNOWN_STATUSES: ReadonlySet<string> = new Set(INSTANCE_STATUS_VALUES);

/**
 * Polls the instance's own status on the schedule (one call each, whatever its submodules) until the workflow
 * shows settled (or `until` accepts it); that status is then read whole once (WaitOptions.readSubmodules) and
 * handed to `until`, which ends the wait or lets it poll on (a service whose values lag). Status `Failed`
 * (unless accepted) throws WorkflowFailedError with the service's errorMessage, `Canceled` or `Suspended` WorkflowStoppedError
 * (none of them changes by waiting); running out of time throws TimeoutError;
 * the signal throws AbortedError. A poll that fails transiently even after the call's own retries (5xx,
 * 429, resets, request timeouts) does not end the wait: the next poll follows the schedule.
 */
export async function waitForInstance(
  client: InstanceReader,
  id: string,
  opts: WaitOptions,
): Promise<InstanceStatus> {
  const clock = opts.clock ?? realClock;
  const durations = opts.durations ?? processWorkflowDurations;
  const key = opts.durationKey ?? "";
  const schedule = opts.schedule ?? learnedPollSchedule(durations.typicalMs(key));
  const start = clock.now();
  const deadline = start + opts.timeoutMs;
  const what = `waiting for instance ${id}`;
  let last: InstanceStatus | undefined;
  let lastError: AppMgmtError | undefined;
  let offset: number | undefined;
  let lastRunningMs = 0;
  /** Whether a poll has shown the workflow this wait is for (a status before it ends nothing). */
  let newSeen = false;
  const unknownSeen = new Set<string>();
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
    // When the poll left: the service's answer tells the state at about that time, not after its latency.
    const polledAt = clock.now() - start;
    try {
      last = await client.getInstanceStatus(id, { signal: opts.signal });
      newSeen ||= showsNewWorkflow(last, opts.startedAfter);
      if (newSeen && opts.readSubmodules !== false && readsWhole(last, opts.until))
        last = await client.readSubmodules(last, "all", { signal: opts.signal });
      lastError = undefined;
    } catch (err) {
      if (!isTransient(err)) throw err;
      lastError = err;
      opts.onPollFailure?.(err, clock.now() - start);
    }
    const elapsed = clock.now() - start;
    if (last && !lastError && newSeen) {
      if (!KNOWN_STATUSES.has(last.status) && !unknownSeen.has(last.status)) {
        unknownSeen.add(last.status);
        opts.onUnknownStatus?.(last.status);
      }
      opts.onProgress?.(last, elapsed);
      if (opts.until(last)) {
        if (last.status !== "Failed") durations.record(key, lastRunningMs, polledAt);
        return last;
      }
      if (last.status === "Failed") {
        throw new WorkflowFailedError(
          { id, name: last.name, workflow: last.workflow?.name },
          last.errorMessage,
          last.serviceStatus,
        );
      }
      if (last.status === "Canceled" || last.status === "Suspended")
        throw new WorkflowStoppedError({ id, name: last.name, workflow: last.workflow?.name }, last.status);
      lastRunningMs = polledAt;
    }
    if (clock.now() >= deadline) {
      const unknown = last && !KNOWN_STATUSES.has(last.status) ? " (a status this client does not know)" : "";
      const lastSeen = `last status ${last?.status ?? "unknown"}${unknown}${lastError ? `, last poll: ${lastError.message}` : ""}`;
      throw new TimeoutError(
        `instance ${id} did not reach the expected state within ${Math.round(elapsed / 1000)} s ` +
          `(${lastSeen}); raise the timeout or check the instance in the service`,
        { instanceId: id, lastStatus: last?.status, waitedMs: elapsed },
        { cause: lastError },
      );
    }
  }
}
