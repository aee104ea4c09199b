// Retries as data: which calls may be repeated, on which answers, and how long to wait in between.

/** Every call of the client, so the policy can name them. */
export type CallName =
  | "token"
  | "listOrganizations"
  | "listApplications"
  | "listEnvironments"
  | "listInstances"
  | "listApplicationInstances"
  | "listRevisionInstances"
  | "listRevisions"
  | "createApplication"
  | "uploadManifest"
  | "runWorkflow"
  | "launch"
  | "reconfigure"
  | "getInstance"
  | "destroy"
  | "rescheduleDestroy"
  | "listSchedules"
  | "forceDelete"
  | "putUserData"
  | "getEnvironmentPolicies"
  | "putEnvironmentPolicies"
  | "getEnvironmentProperties"
  | "putEnvironmentProperties"
  | "getEnvironmentMarkers"
  | "putEnvironmentMarkers"
  | "cloneEnvironment";

/** How a failed exchange ended, as far as retrying is concerned. */
export type FailureKind =
  /** The request provably never left: connection refused, DNS failure, connect timeout. */
  | "not-sent"
  /** The connection broke after the request may have been sent. */
  | "reset"
  /** No (complete) answer within the request timeout. */
  | "timeout"
  /** The TLS handshake failed (untrusted or invalid certificate): nothing was sent, and retrying won't help. */
  | "tls";

/**
 * What the client does after a failed exchange; src/client/retry-decision.ts reads it. Which calls may be
 * sent again once their request may have reached the service is the launch-once rule (launch-once.ts).
 */
export interface RetryPolicy {
  /** Calls that are safe to repeat: repeating them has the same effect as sending them once. */
  idempotentCalls: readonly CallName[];
  /** Calls whose lost answer fails with OutcomeUnknownError (the launch-once rule). */
  unknownOutcomeCalls: readonly CallName[];
  /** Statuses after which an idempotent call is repeated. */
  retryStatuses: readonly number[];
  /** Failures after which an idempotent call is repeated. */
  retryFailures: readonly FailureKind[];
  /** Failures after which any call, idempotent or not, is repeated. */
  alwaysRetryFailures: readonly FailureKind[];
  maxRetries: number;
  /**
   * Retries of the token call after an answered `retryStatuses` status (never after a reset or timeout: the
   * service may have issued, and counted, a token). Kept small because every token call may count towards
   * the service's flood limit (more than 5 in 60 s blocks the user); capped by maxRetries.
   */
  tokenMaxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest `Retry-After` the client waits for. A longer one (3600 s would hold a terraform run for an
   * hour per retry) ends the retries at once with the error, which carries the service's delay.
   */
  maxRetryAfterMs: number;
  /** 0 = exact exponential delays, 1 = "full jitter" (uniform in [0, delay]). */
  jitter: number;
  /**
   * Statuses the service answers before acting on a request (429: too many requests). Nothing happened, so
   * any call, a launch too, is sent again after `Retry-After`, within maxRetries and the call's deadline.
   */
  refusedStatuses: readonly number[];
  /**
   * Calls the service refuses while the instance runs another workflow, or a launch while its environment is
   * not ready (`busyStatuses`, 409), having done nothing: sent again until the call's deadline when the caller
   * gives one, else the error at once.
   */
  busyCalls: readonly CallName[];
  busyStatuses: readonly number[];
  /** First pause before resending a busy call; it doubles up to busyMaxDelayMs. */
  busyBaseDelayMs: number;
  busyMaxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  // Launch and the token call are absent: a repeated launch creates a second instance, and every token call
  // counts towards the service's flood limit. So are createApplication (a second application) and
  // uploadManifest (a second version), and runWorkflow (a second run).
  idempotentCalls: [
    "listOrganizations",
    "listApplications",
    "listEnvironments",
    "listInstances",
    "listApplicationInstances",
    "listRevisionInstances",
    "listRevisions",
    "getInstance",
    "reconfigure",
    "destroy",
    // the same timestamp twice schedules one destroy
    "rescheduleDestroy",
    "listSchedules",
    "forceDelete",
    "putUserData",
    "getEnvironmentPolicies",
    "putEnvironmentPolicies",
    "getEnvironmentProperties",
    "putEnvironmentProperties",
    "getEnvironmentMarkers",
    "putEnvironmentMarkers",
  ],
  // The launch's answer carries the new instance's id: without it, the caller must look the instance up. So
  // does a clone's (cloneEnvironment: a second clone is a second environment, which the API cannot delete).
  unknownOutcomeCalls: ["launch", "cloneEnvironment"],
  // 500 too: the service answers it for passing trouble (ARCHITECTURE.md §3 "5xx server trouble"), and at a fifth of
  // calls failing, an unretried 500 on one of 50 status reads fails nearly every refresh.
  // 408 too: the service's own Jenkins plugin keeps polling after it (docs/service-api.md, "Conventions").
  retryStatuses: [408, 429, 500, 502, 503, 504],
  retryFailures: ["not-sent", "reset", "timeout"],
  alwaysRetryFailures: ["not-sent"],
  maxRetries: 4,
  // One token call serves every request waiting for it: unretried, a single 503 fails them all.
  tokenMaxRetries: 2,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  jitter: 0.5,
  refusedStatuses: [429],
  // launch: refused with 409 while its environment (a fresh clone) is not ready yet (docs/service-api.md,
  // "Environments"); refused, it created nothing, so resending it is safe.
  busyCalls: ["launch", "reconfigure", "destroy", "runWorkflow"],
  busyStatuses: [409],
  busyBaseDelayMs: 1000,
  busyMaxDelayMs: 5000,
};

/** Pause before resending a call refused as busy for the `busyRetry`-th time (1-based). */
export function busyDelayMs(policy: RetryPolicy, busyRetry: number): number {
  return Math.min(policy.busyMaxDelayMs, policy.busyBaseDelayMs * 2 ** (busyRetry - 1));
}

/**
 * Delay before retry number `retry` (1-based): exponential, capped, jittered. The service's `Retry-After` wins
 * when given (retrying earlier would only be refused again); whether it is worth waiting for is the caller's
 * decision (RetryPolicy.maxRetryAfterMs, the call's deadline).
 */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exp * (1 - policy.jitter * random()));
}

/**
 * `Retry-After` in ms, from seconds (the service's form) or an HTTP date (a past date is 0); undefined when
 * absent or unusable: negative, or not finite (`Infinity`, `1e400`). A finite but huge value (`1e300`) is
 * returned as is: the client never sleeps longer than RetryPolicy.maxRetryAfterMs, so no timer overflows.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (!Number.isNaN(seconds)) return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
