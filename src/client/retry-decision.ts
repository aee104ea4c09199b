// The client's retry decision as one pure function: given the policy, the call, how its exchange ended, the
// counts so far and the caller's deadline, whether to resend (after how long), renew the session token, or fail
// with which typed error. No I/O, no clock and no randomness of its own (both are passed in), so every rule is
// table-tested (test/unit/client/retry-decision.test.ts); the client's exchange loop only carries it out.
import {
  AbortedError,
  AuthError,
  OutcomeUnknownError,
  SESSION_TOKEN_REJECTED,
  errorForStatus,
} from "./errors";
import { transportError } from "./failures";
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

/** What the call has spent so far; the exchange loop counts what each decision it carries out spends. */
export interface RetryCounters {
  /** Resends under retryStatuses / retryFailures, against maxRetries. */
  retries: number;
  /** Resends of a call refused as busy. */
  busyRetries: number;
  /** Session tokens renewed after a 401. */
  tokenRenewals: number;
}

export type Decision =
  /** Send again after `afterMs`; `busy`: the instance was busy (a busyRetries resend). */
  | { action: "resend"; afterMs: number; busy: boolean }
  /** Set the rejected token aside and send again with a new one, at once. */
  | { action: "renew-token" }
  | { action: "fail"; error: Error };

const RENEW_TOKEN: Decision = { action: "renew-token" };

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
  switch (outcome.kind) {
    case "aborted":
      return fail(new AbortedError(`${call.method} ${call.path}`, { cause: outcome.cause }));
    case "too-large":
      return fail(lost(policy, call, outcome.error));
    case "failure":
      return afterFailure(policy, call, outcome, counters, deadline, now, random);
    case "answer":
      return afterAnswer(policy, call, outcome, counters, deadline, now, random);
  }
}

function afterFailure(
  policy: RetryPolicy,
  call: RetryCall,
  f: Extract<Outcome, { kind: "failure" }>,
  counters: RetryCounters,
  deadline: number | undefined,
  now: number,
  random: () => number,
): Decision {
  // The launch rule (RetryPolicy): only a failure before sending lets a call that is not idempotent be resent.
  const mayResend =
    policy.alwaysRetryFailures.includes(f.failure) ||
    (isIdempotent(policy, call.name) && policy.retryFailures.includes(f.failure));
  if (mayResend && counters.retries < maxRetries(policy, call.name)) {
    const delay = retryDelayMs(policy, counters.retries + 1, undefined, random);
    if (fits(delay, deadline, now)) return { action: "resend", afterMs: delay, busy: false };
  }
  const error = transportError(
    f.failure,
    f.code,
    call.method,
    call.path,
    f.waitedMs,
    call.timeoutMs,
    f.cause,
    `${call.baseUrl}${call.path}`,
  );
  return fail(f.failure === "reset" || f.failure === "timeout" ? lost(policy, call, error) : error);
}

function afterAnswer(
  policy: RetryPolicy,
  call: RetryCall,
  a: Extract<Outcome, { kind: "answer" }>,
  counters: RetryCounters,
  deadline: number | undefined,
  now: number,
  random: () => number,
): Decision {
  const status = a.details.status;
  // A 401 means the service did nothing with the request, so even a launch is sent again with a new token.
  if (status === 401 && a.credential === "supplied") {
    return call.ownCredential ? RENEW_TOKEN : fail(new AuthError(a.details, SESSION_TOKEN_REJECTED));
  }
  // Expired on its way, or the service restarted with a new signing key: one new token, one resend.
  if (status === 401 && a.credential === "session" && counters.tokenRenewals === 0) return RENEW_TOKEN;

  const retryAfterMs = parseRetryAfter(a.retryAfter, now);
  // The launch rule (RetryPolicy): a call that is not idempotent is resent only when refused before acting.
  // A refusal the token call gets (429, 5xx) issued no token, so it may be asked again too.
  const mayResend =
    isIdempotent(policy, call.name) || call.name === "token" || policy.refusedStatuses.includes(status);
  if (
    mayResend &&
    counters.retries < maxRetries(policy, call.name) &&
    policy.retryStatuses.includes(status)
  ) {
    const delay = retryDelayMs(policy, counters.retries + 1, retryAfterMs, random);
    if (delay <= policy.maxRetryAfterMs && fits(delay, deadline, now)) {
      return { action: "resend", afterMs: delay, busy: false };
    }
  }
  // Refused as busy, having done nothing: worth resending only for a caller who said how long it may wait.
  if (
    deadline !== undefined &&
    policy.busyCalls.includes(call.name) &&
    policy.busyStatuses.includes(status)
  ) {
    const delay = busyDelayMs(policy, counters.busyRetries + 1);
    if (fits(delay, deadline, now)) return { action: "resend", afterMs: delay, busy: true };
  }
  const error = errorForStatus(a.details, retryAfterMs);
  // A gateway or server error says nothing about whether the service acted.
  return fail(status >= 500 ? lost(policy, call, error) : error);
}

/** The error of a call whose request may have reached the service and whose answer was lost. */
function lost(policy: RetryPolicy, call: RetryCall, error: Error): Error {
  return policy.unknownOutcomeCalls.includes(call.name)
    ? new OutcomeUnknownError(call.method, call.path, { cause: error })
    : error;
}

function isIdempotent(policy: RetryPolicy, name: CallName): boolean {
  return policy.idempotentCalls.includes(name);
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
