// A workflow wait that hears nothing from the service: after unreachable_timeout of polls with no answer at
// all, the wait stops instead of printing only "Still modifying…" until its own timeout (30 minutes). A status
// read answering `Unknown` (the service cannot tell the instance's state: docs/service-api.md, "Status words")
// counts as no answer: a run of them as long ends the wait the same way.

import { UNKNOWN_STATUS } from "../../client/waiters";
import { errorCode, errorMessage } from "../../terraform-model";
import { DEFAULT_UNREACHABLE_TIMEOUT_MS } from "../config";
import { formatDuration } from "../duration";

/** Poll failures that are no answer at all: the connection failed or the request timed out. */
const NO_ANSWER = new Set(["E_NETWORK", "E_TIMEOUT"]);

/** The run of polls without an answer of one wait; aborts `signal` when it lasts the limit. */
export class UnreachableWatch {
  private readonly stopper = new AbortController();
  /** Elapsed time of the first poll of the current run without an answer. */
  private since?: number;
  private lastError?: unknown;
  /** The silence, when it stopped the wait. */
  private stoppedAfterMs?: number;
  readonly signal: AbortSignal;

  constructor(
    parent: AbortSignal,
    readonly limitMs: number = DEFAULT_UNREACHABLE_TIMEOUT_MS,
  ) {
    this.signal = AbortSignal.any([parent, this.stopper.signal]);
  }

  /** The longest run of polls without an answer that ended in an answer. */
  private longestMs?: number;

  /** The service answered (a status, or an error status such as a 5xx) at `elapsedMs`: the silence is over. */
  answered(elapsedMs: number): void {
    if (this.since !== undefined) this.longestMs = Math.max(this.longestMs ?? 0, elapsedMs - this.since);
    this.since = undefined;
  }

  /** For a wait that ended well: how long the service was silent during it, if it was. */
  silenceNote(): string | undefined {
    if (this.longestMs === undefined) return undefined;
    return (
      `The service did not answer the status polls for up to ${formatDuration(this.longestMs)} during the wait ` +
      `(last failure: ${errorMessage(this.lastError)}); the wait went on and saw the workflow end. A silence of ` +
      `unreachable_timeout (${formatDuration(this.limitMs)}) stops the wait.`
    );
  }

  /** A poll read a status at `elapsedMs`: an answer, unless it says `Unknown`. */
  polled(s: { status: string }, elapsedMs: number): void {
    if (s.status !== UNKNOWN_STATUS) return this.answered(elapsedMs);
    this.silent(new Error(`the status read answered "${UNKNOWN_STATUS}"`), elapsedMs);
  }

  /** A poll failed after the client's own retries. */
  failed(err: unknown, elapsedMs: number): void {
    if (!NO_ANSWER.has(errorCode(err) ?? "")) return this.answered(elapsedMs);
    this.silent(err, elapsedMs);
  }

  private silent(err: unknown, elapsedMs: number): void {
    this.since ??= elapsedMs;
    this.lastError = err;
    if (elapsedMs - this.since >= this.limitMs && !this.stopper.signal.aborted) {
      this.stoppedAfterMs = elapsedMs - this.since;
      this.stopper.abort(err);
    }
  }

  /** Why the wait stopped, when it was this watch that stopped it. */
  stoppedBecause(): string | undefined {
    if (this.stoppedAfterMs === undefined) return undefined;
    return (
      `the service did not answer any status poll for ${formatDuration(this.stoppedAfterMs)} ` +
      `(unreachable_timeout ${formatDuration(this.limitMs)}; last poll: ${errorMessage(this.lastError)}), ` +
      "so the wait stopped. The wait failed, not the workflow: the instance may be fine, check it in the service " +
      "once it answers"
    );
  }
}
