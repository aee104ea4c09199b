// The launch-once rule, said here once: a call that is not idempotent (a launch above all: a second one
// creates a second instance) is never sent again once its request may have reached the service. Only an
// outcome proving the service did nothing lets it be resent: a failure before sending (RetryPolicy's
// `alwaysRetryFailures`), a refusal before acting (`refusedStatuses`; and a 401, resent with a new token, in
// retry-decision.ts). For RetryPolicy's `unknownOutcomeCalls` an answer lost after that point (reset, timeout,
// 5xx, an answer too long to read) is no ordinary error but OutcomeUnknownError, and the caller looks the
// instance up instead of sending again: `findLaunchedInstances` below (the provider's use of it, with the
// ids known before the launch: provider/instance/lost-launch.ts). Nothing here ever launches.
//
// The lookup: names may repeat (the service allows it), so only an instance that was not there before the
// launch can be the one it created: the caller says which ids were there. The service may list a new
// instance a moment after answering, so the list is read a few times, on a schedule kept as data.

import { OutcomeUnknownError } from "./errors";
import type { Outcome } from "./outcome";
import type { CallName, RetryPolicy } from "./retry-policy";
import { abortableSleep } from "./sleep";
import type { CallOptions, InstanceSummary } from "./types";

/**
 * Whether the policy lets `name` be sent again after `outcome` (an answer or a transport failure): a call that
 * is not idempotent only after a failure before sending or a refusal before acting; the token call also after
 * any retryStatuses answer, since a refused token call issued no token.
 */
export function mayResend(
  policy: RetryPolicy,
  name: CallName,
  outcome: Extract<Outcome, { kind: "answer" | "failure" }>,
): boolean {
  const idempotent = policy.idempotentCalls.includes(name);
  if (outcome.kind === "failure") {
    const kind = outcome.failure;
    return policy.alwaysRetryFailures.includes(kind) || (idempotent && policy.retryFailures.includes(kind));
  }
  const status = outcome.details.status;
  return (
    policy.retryStatuses.includes(status) &&
    (idempotent || name === "token" || policy.refusedStatuses.includes(status))
  );
}

/** The error of a call of `method` `path` whose request may have reached the service and whose answer was lost. */
export function lostAnswerError(
  policy: RetryPolicy,
  call: { name: CallName; method: string; path: string },
  error: Error,
): Error {
  return policy.unknownOutcomeCalls.includes(call.name)
    ? new OutcomeUnknownError(call.method, call.path, { cause: error })
    : error;
}

export interface LaunchedLookup {
  /** How many times the instance list is read. */
  reads: number;
  /** Pause before the second read; it doubles before each later one. */
  firstPauseMs: number;
}

export const DEFAULT_LAUNCHED_LOOKUP: LaunchedLookup = { reads: 3, firstPauseMs: 1000 };

export interface LaunchedWanted {
  applicationId: string;
  name: string;
  /** Environment the launch went to. */
  environmentId: string;
  /** Ids of the instances that existed before the launch (any name): never the launched one. */
  before: ReadonlySet<string>;
}

/** The one call of the client the lookup makes (the client itself, which reaches this module through its retries). */
export interface InstanceLister {
  listApplicationInstances(applicationId: string, o?: CallOptions): Promise<InstanceSummary[]>;
}

/**
 * The live (not Destroyed) instances named `name` of the application in the environment that were not there
 * before the launch: one when the launch took effect; none when the last read still lists none; several when
 * someone else launched the same name meanwhile (the caller cannot tell which is its own). Failed list calls
 * throw (after their own retries).
 */
export async function findLaunchedInstances(
  client: InstanceLister,
  wanted: LaunchedWanted,
  o: CallOptions & { lookup?: LaunchedLookup } = {},
): Promise<InstanceSummary[]> {
  const { lookup = DEFAULT_LAUNCHED_LOOKUP, ...call } = o;
  for (let read = 1; ; read++) {
    const matches = (await client.listApplicationInstances(wanted.applicationId, call)).filter(
      (i) =>
        i.name === wanted.name &&
        i.application === wanted.applicationId &&
        i.environment === wanted.environmentId &&
        i.status !== "Destroyed" &&
        !wanted.before.has(i.id),
    );
    if (matches.length > 0 || read >= lookup.reads) return matches;
    await abortableSleep(lookup.firstPauseMs * 2 ** (read - 1), o.signal);
  }
}
