// The client's retry decision as one pure function: given the policy, the call, how its exchange ended, the
// counts so far and the caller's deadline, whether to resend (after how long), renew the session token, or fail
// with which typed error, and what doing so spends (the counters after it). No I/O, no clock and no randomness
// of its own (both are passed in), so every rule is table-tested (test/unit/client/retry-decision.test.ts);
// the exchange loop (service-calls.ts) only carries it out. Which calls may be resent at all once their
// request may have reached the service is the launch-once rule (launch-once.ts).
import { AbortedError, AuthError, SESSION_TOKEN_REJECTED, errorForStatus } from "./errors";
import { transportError } from "./failures";
import { lostAnswerError as lost, mayResend } from "./launch-once";
import type { Outcome } from "./outcome";
import { busyDelayMs, parseRetryAfter, retryDelayMs, type CallName, type RetryPolicy } from "./retry-policy";

/** The request being decided about; one per call, whatever its attempts. */
export interface RetryCall {
  name: CallName;
  method: string;
  /** The path after base_url, with the query. */
  path: string;
  /** For messages: a NetworkError names the whole address tried. */
  baseUrl: string;
  timeoutMs: number;
  /** Whether the client has a credential of its own (refresh token, email/password) to replace a rejected session_token. */
  ownCredential: boolean;
}

/** What the call has spent so far; each decision to send again returns the counts after it. */
export interface RetryCounters {
  /** Resends under retryStatuses / retryFailures, against maxRetries. */
  retries: number;
  /** Resends of a call refused as busy. */
  busyRetries: number;
  /** Session tokens renewed after a 401. */
  tokenRenewals: number;
}

/** Which token a renewal sets aside: the caller's session_token for good, or the client's session token. */
export type RejectedToken = "supplied" | "session";

export type Decision =
  /** Send again after `afterMs`; `busy`: the instance was busy (a busyRetries resend). */
  | { action: "resend"; afterMs: number; busy: boolean; counters: RetryCounters }
  /** Set the `rejected` token aside and send again with a new one, at once. */
  | { action: "renew-token"; rejected: RejectedToken; counters: RetryCounters }
  | { action: "fail"; error: Error };

/**
 * The decision after `outcome`. `deadline` is the caller's (epoch ms, client clock; no pause runs past it),
 * `now` the client clock's time, `random` in [0, 1) for the backoff's jitter.
 */
export function decide(
  policy: RetryPolicy,
  call: RetryCall,
  outcome: Outcome,
  counters: RetryCounters,
  deadline: number | undefined,
  now: number,
  random: () => number,
): Decision {
  if (outcome.kind === "aborted") {
    return fail(new AbortedError(`${call.method} ${call.path}`, { cause: outcome.cause }));
  }
  if (outcome.kind === "too-large") return fail(lost(policy, call, outcome.error));
  const answered = outcome.kind === "answer";
  const status = answered ? outcome.details.status : 0;
  // A 401 means the service did nothing with the request, so even a launch is sent again with a new token.
  if (answered && status === 401 && outcome.credential === "supplied") {
    if (!call.ownCredential) return fail(new AuthError(outcome.details, SESSION_TOKEN_REJECTED));
    return { action: "renew-token", rejected: "supplied", counters };
  }
  // Expired on its way, or the service restarted with a new signing key: one new token, one resend.
  if (answered && status === 401 && outcome.credential === "session" && counters.tokenRenewals === 0) {
    return { action: "renew-token", rejected: "session", counters: { ...counters, tokenRenewals: 1 } };
  }

  const retryAfterMs = answered ? parseRetryAfter(outcome.retryAfter, now) : undefined;
  if (mayResend(policy, call.name, outcome) && counters.retries < maxRetries(policy, call.name)) {
    const delay = retryDelayMs(policy, counters.retries + 1, retryAfterMs, random);
    // An answer's wait is bounded by maxRetryAfterMs; a failure's backoff by maxDelayMs alone.
    if ((!answered || delay <= policy.maxRetryAfterMs) && fits(delay, deadline, now)) {
      return {
        action: "resend",
        afterMs: delay,
        busy: false,
        counters: { ...counters, retries: counters.retries + 1 },
      };
    }
  }
  if (!answered) {
    const error = transportError(
      outcome.failure,
      outcome.code,
      call.method,
      call.path,
      outcome.waitedMs,
      call.timeoutMs,
      outcome.cause,
      `${call.baseUrl}${call.path}`,
    );
    return fail(
      outcome.failure === "reset" || outcome.failure === "timeout" ? lost(policy, call, error) : error,
    );
  }
  // Refused as busy, having done nothing: worth resending only for a caller who said how long it may wait.
  if (
    deadline !== undefined &&
    policy.busyCalls.includes(call.name) &&
    policy.busyStatuses.includes(status)
  ) {
    const delay = busyDelayMs(policy, counters.busyRetries + 1);
    if (fits(delay, deadline, now)) {
      return {
        action: "resend",
        afterMs: delay,
        busy: true,
        counters: { ...counters, busyRetries: counters.busyRetries + 1 },
      };
    }
  }
  const error = errorForStatus(outcome.details, retryAfterMs);
  // A gateway or server error, or a 408 (the service stopped waiting for the request), says nothing about
  // whether the service acted.
  return fail(status >= 500 || status === 408 ? lost(policy, call, error) : error);
}

function maxRetries(policy: RetryPolicy, name: CallName): number {
  return name === "token" ? Math.min(policy.tokenMaxRetries, policy.maxRetries) : policy.maxRetries;
}

/** Whether a pause of `delayMs` ends before the deadline (always, without one). */
function fits(delayMs: number, deadline: number | undefined, now: number): boolean {
  return deadline === undefined || now + delayMs < deadline;
}

function fail(error: Error): Decision {
  return { action: "fail", error };
}
