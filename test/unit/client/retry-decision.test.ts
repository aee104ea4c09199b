// The client's retry rules as one table: each row an outcome of one exchange and what `decide` makes of it.
// No agent, no HTTP: decide is a pure function of the policy, the call, the outcome, the counts so far, the
// caller's deadline, the clock's time and a random number for the jitter.
import { DEFAULT_RETRY_POLICY, ResponseTooLargeError, TOKEN_PATH, type CallName } from "../../../src/client";
import type { CredentialKind, Outcome } from "../../../src/client/outcome";
import { decide, type Decision, type RetryCounters } from "../../../src/client/retry-decision";
import type { FailureKind, RetryPolicy } from "../../../src/client/retry-policy";
import { BASE, INST } from "./helpers";

const NOW = Date.UTC(2026, 0, 1);
const PATH = `/api/1/instances/${INST}`;

function answer(
  status: number,
  o: { retryAfter?: string; credential?: CredentialKind; path?: string; errors?: string[] } = {},
): Outcome {
  return {
    kind: "answer",
    details: { status, errors: o.errors ?? [], method: "GET", path: o.path ?? PATH },
    retryAfter: o.retryAfter,
    credential: o.credential ?? "other",
  };
}

const CODE_OF: Record<FailureKind, string> = {
  "not-sent": "ECONNREFUSED",
  reset: "ECONNRESET",
  timeout: "TIMEOUT",
  tls: "DEPTH_ZERO_SELF_SIGNED_CERT",
};

function failure(kind: FailureKind): Outcome {
  const code = CODE_OF[kind];
  return {
    kind: "failure",
    failure: kind,
    code,
    cause: Object.assign(new Error(code), { code }),
    waitedMs: 30,
  };
}

const TOO_LARGE: Outcome = {
  kind: "too-large",
  code: "E_RESPONSE_TOO_LARGE",
  error: new ResponseTooLargeError("GET", PATH, 1024),
};

type Expected =
  | { resend: number; busy: boolean }
  | "renew-token"
  | { fail: string; cause?: string; retryAfterMs?: number; message?: RegExp };

const resend = (ms: number): Expected => ({ resend: ms, busy: false });
const busy = (ms: number): Expected => ({ resend: ms, busy: true });
const fails = (
  code: string,
  more: { cause?: string; retryAfterMs?: number; message?: RegExp } = {},
): Expected => ({
  fail: code,
  ...more,
});

interface Row {
  rule: string;
  call: CallName;
  outcome: Outcome;
  counters?: Partial<RetryCounters>;
  /** Ms from NOW. */
  deadlineIn?: number;
  policy?: Partial<RetryPolicy>;
  /** The client has a refresh token or email/password besides a session_token; default yes. */
  ownCredential?: boolean;
  random?: number;
  expect: Expected;
}

const rows: Row[] = [
  // Statuses the service answers when it will not act: the error at once.
  {
    rule: "400 is a BadRequestError",
    call: "getInstance",
    outcome: answer(400),
    expect: fails("E_BAD_REQUEST"),
  },
  {
    rule: "400 on a launch is a plain error",
    call: "launch",
    outcome: answer(400),
    expect: fails("E_BAD_REQUEST"),
  },
  {
    rule: "403 is a ForbiddenError",
    call: "getInstance",
    outcome: answer(403),
    expect: fails("E_FORBIDDEN"),
  },
  {
    rule: "403 on the token call is the flood block",
    call: "token",
    outcome: answer(403, { path: TOKEN_PATH, retryAfter: "300" }),
    expect: fails("E_TOKEN_FLOOD", { retryAfterMs: 300_000 }),
  },
  { rule: "404 is a NotFoundError", call: "getInstance", outcome: answer(404), expect: fails("E_NOT_FOUND") },
  {
    rule: "413 is a PayloadTooLargeError",
    call: "reconfigure",
    outcome: answer(413),
    expect: fails("E_TOO_LARGE"),
  },
  {
    rule: "501 is not a passing trouble",
    call: "getInstance",
    outcome: answer(501),
    expect: fails("E_SERVER"),
  },

  // 401: the service did nothing; the token is renewed once.
  {
    rule: "401 on the caller's session_token, with a credential of the client's own: renew",
    call: "getInstance",
    outcome: answer(401, { credential: "supplied" }),
    expect: "renew-token",
  },
  {
    rule: "401 on the caller's session_token with nothing to fall back on: AuthError saying how to get one",
    call: "getInstance",
    outcome: answer(401, { credential: "supplied" }),
    ownCredential: false,
    expect: fails("E_AUTH", { message: /session_token.*appmgmt session create/ }),
  },
  {
    rule: "401 on a session token of the client's: one new token",
    call: "getInstance",
    outcome: answer(401, { credential: "session" }),
    expect: "renew-token",
  },
  {
    rule: "401 on a launch's session token: renewed too (nothing was launched)",
    call: "launch",
    outcome: answer(401, { credential: "session" }),
    expect: "renew-token",
  },
  {
    rule: "401 again after one renewal: AuthError",
    call: "getInstance",
    outcome: answer(401, { credential: "session" }),
    counters: { tokenRenewals: 1 },
    expect: fails("E_AUTH", { message: /Check email\/password or refresh_token/ }),
  },
  {
    rule: "401 on email/password: AuthError",
    call: "getInstance",
    outcome: answer(401),
    expect: fails("E_AUTH"),
  },

  // 409: busy; resent until the caller's deadline, for the calls refused so.
  {
    rule: "409 on reconfigure with a deadline: resent after 1 s",
    call: "reconfigure",
    outcome: answer(409),
    deadlineIn: 60_000,
    expect: busy(1000),
  },
  {
    rule: "409 on destroy, third time: the pause doubles",
    call: "destroy",
    outcome: answer(409),
    counters: { busyRetries: 2 },
    deadlineIn: 60_000,
    expect: busy(4000),
  },
  {
    rule: "409 on runWorkflow, many times: the pause is capped",
    call: "runWorkflow",
    outcome: answer(409),
    counters: { busyRetries: 9 },
    deadlineIn: 600_000,
    expect: busy(5000),
  },
  {
    rule: "409 is resent whatever maxRetries says",
    call: "reconfigure",
    outcome: answer(409),
    counters: { retries: 4 },
    deadlineIn: 60_000,
    expect: busy(1000),
  },
  {
    rule: "409 when the pause would pass the deadline: ConflictError",
    call: "reconfigure",
    outcome: answer(409),
    counters: { busyRetries: 1 },
    deadlineIn: 2000,
    expect: fails("E_CONFLICT"),
  },
  {
    rule: "409 without a deadline: ConflictError",
    call: "destroy",
    outcome: answer(409),
    expect: fails("E_CONFLICT"),
  },
  {
    rule: "409 on a call not refused as busy: ConflictError",
    call: "getInstance",
    outcome: answer(409),
    deadlineIn: 60_000,
    expect: fails("E_CONFLICT"),
  },

  // 429: refused before acting; resent after Retry-After, a launch too.
  {
    rule: "429 on an idempotent call: resent after Retry-After",
    call: "getInstance",
    outcome: answer(429, { retryAfter: "3" }),
    expect: resend(3000),
  },
  {
    rule: "429 on a launch: resent after Retry-After",
    call: "launch",
    outcome: answer(429, { retryAfter: "2" }),
    expect: resend(2000),
  },
  {
    rule: "429 without Retry-After on a call that is not idempotent: resent after the backoff",
    call: "createApplication",
    outcome: answer(429),
    expect: resend(200),
  },
  {
    rule: "429 with Retry-After as an HTTP date",
    call: "getInstance",
    outcome: answer(429, { retryAfter: new Date(NOW + 5000).toUTCString() }),
    expect: resend(5000),
  },
  {
    rule: "429 with an unusable Retry-After: the backoff",
    call: "getInstance",
    outcome: answer(429, { retryAfter: "-1" }),
    expect: resend(200),
  },
  {
    rule: "429 with Retry-After beyond maxRetryAfterMs: RateLimitError carrying it",
    call: "getInstance",
    outcome: answer(429, { retryAfter: "61" }),
    expect: fails("E_RATE_LIMIT", { retryAfterMs: 61_000 }),
  },
  {
    rule: "429 with Retry-After beyond the deadline: RateLimitError",
    call: "launch",
    outcome: answer(429, { retryAfter: "60" }),
    deadlineIn: 10_000,
    expect: fails("E_RATE_LIMIT", { retryAfterMs: 60_000 }),
  },
  {
    rule: "429 once maxRetries are spent: RateLimitError",
    call: "launch",
    outcome: answer(429, { retryAfter: "1" }),
    counters: { retries: 4 },
    expect: fails("E_RATE_LIMIT", { retryAfterMs: 1000 }),
  },

  // 5xx: passing trouble; resent when the call is idempotent.
  {
    rule: "503 on an idempotent call: resent",
    call: "getInstance",
    outcome: answer(503),
    expect: resend(200),
  },
  { rule: "500 on reconfigure: resent", call: "reconfigure", outcome: answer(500), expect: resend(200) },
  { rule: "502 on forceDelete: resent", call: "forceDelete", outcome: answer(502), expect: resend(200) },
  {
    rule: "503 with Retry-After beyond the backoff cap: Retry-After wins",
    call: "getInstance",
    outcome: answer(503, { retryAfter: "30" }),
    expect: resend(30_000),
  },
  // 408 (the service stopped waiting for the request): as a 503, within the same budget.
  { rule: "408 on a status read: resent", call: "getInstance", outcome: answer(408), expect: resend(200) },
  { rule: "408 on a list: resent", call: "listInstances", outcome: answer(408), expect: resend(200) },
  {
    rule: "408 once maxRetries are spent (the budget 503s use): RequestTimeoutAnswerError",
    call: "getInstance",
    outcome: answer(408),
    counters: { retries: 4 },
    expect: fails("E_REQUEST_TIMEOUT"),
  },
  {
    rule: "408 on a launch: never resent, OutcomeUnknownError (the launch may have arrived)",
    call: "launch",
    outcome: answer(408),
    expect: fails("E_OUTCOME_UNKNOWN", { cause: "E_REQUEST_TIMEOUT" }),
  },
  {
    rule: "503 on a launch: never resent, OutcomeUnknownError",
    call: "launch",
    outcome: answer(503),
    expect: fails("E_OUTCOME_UNKNOWN", { cause: "E_SERVER" }),
  },
  {
    rule: "504 on createApplication (not idempotent): ServerError, not resent",
    call: "createApplication",
    outcome: answer(504),
    expect: fails("E_SERVER"),
  },
  {
    rule: "500 on runWorkflow (not idempotent): ServerError, not resent",
    call: "runWorkflow",
    outcome: answer(500),
    deadlineIn: 60_000,
    expect: fails("E_SERVER"),
  },
  {
    rule: "503 on the token call: resent (no token was issued)",
    call: "token",
    outcome: answer(503),
    expect: resend(200),
  },
  {
    rule: "503 on the token call after tokenMaxRetries: ServerError",
    call: "token",
    outcome: answer(503),
    counters: { retries: 2 },
    expect: fails("E_SERVER"),
  },
  {
    rule: "503 once maxRetries are spent: ServerError",
    call: "getInstance",
    outcome: answer(503),
    counters: { retries: 4 },
    expect: fails("E_SERVER"),
  },
  {
    rule: "503 with maxRetries 0: ServerError at once",
    call: "getInstance",
    outcome: answer(503),
    policy: { maxRetries: 0 },
    expect: fails("E_SERVER"),
  },

  // Transport failures: before the request left, or after it may have reached the service.
  {
    rule: "refused connection (never sent) on a launch: resent",
    call: "launch",
    outcome: failure("not-sent"),
    expect: resend(200),
  },
  {
    rule: "refused connection on the token call: resent",
    call: "token",
    outcome: failure("not-sent"),
    expect: resend(200),
  },
  {
    rule: "refused connection once maxRetries are spent: NetworkError naming the address",
    call: "getInstance",
    outcome: failure("not-sent"),
    counters: { retries: 4 },
    expect: fails("E_NETWORK", {
      cause: "ECONNREFUSED",
      message: /could not reach http:\/\/appmgmt\.test\/api\/1\//,
    }),
  },
  {
    rule: "reset on an idempotent call: resent",
    call: "getInstance",
    outcome: failure("reset"),
    expect: resend(200),
  },
  {
    rule: "reset on a launch (may have arrived): OutcomeUnknownError",
    call: "launch",
    outcome: failure("reset"),
    expect: fails("E_OUTCOME_UNKNOWN", { cause: "E_NETWORK" }),
  },
  {
    rule: "reset on uploadManifest (not idempotent): NetworkError, not resent",
    call: "uploadManifest",
    outcome: failure("reset"),
    expect: fails("E_NETWORK", { cause: "ECONNRESET" }),
  },
  {
    rule: "reset on the token call (a token may have been issued): NetworkError",
    call: "token",
    outcome: failure("reset"),
    expect: fails("E_NETWORK", { cause: "ECONNRESET" }),
  },
  {
    rule: "timeout on an idempotent call: resent",
    call: "destroy",
    outcome: failure("timeout"),
    expect: resend(200),
  },
  {
    rule: "timeout once maxRetries are spent: TimeoutError saying what to raise",
    call: "getInstance",
    outcome: failure("timeout"),
    counters: { retries: 4 },
    expect: fails("E_TIMEOUT", {
      cause: "TIMEOUT",
      message: /no answer within 30000 ms; raise request_timeout/,
    }),
  },
  {
    rule: "timeout on a launch: OutcomeUnknownError",
    call: "launch",
    outcome: failure("timeout"),
    expect: fails("E_OUTCOME_UNKNOWN", { cause: "E_TIMEOUT" }),
  },
  {
    rule: "TLS handshake refused: TlsError, not resent",
    call: "getInstance",
    outcome: failure("tls"),
    expect: fails("E_TLS", { cause: "DEPTH_ZERO_SELF_SIGNED_CERT", message: /self-signed/ }),
  },
  {
    rule: "TLS handshake refused on a launch (nothing sent): TlsError",
    call: "launch",
    outcome: failure("tls"),
    expect: fails("E_TLS", { cause: "DEPTH_ZERO_SELF_SIGNED_CERT" }),
  },
  {
    rule: "an answer too long to read: its error, not resent",
    call: "getInstance",
    outcome: TOO_LARGE,
    expect: fails("E_RESPONSE_TOO_LARGE"),
  },
  {
    rule: "a launch's answer too long to read: OutcomeUnknownError",
    call: "launch",
    outcome: TOO_LARGE,
    expect: fails("E_OUTCOME_UNKNOWN", { cause: "E_RESPONSE_TOO_LARGE" }),
  },
  {
    rule: "the caller's signal fired: AbortedError",
    call: "getInstance",
    outcome: {
      kind: "aborted",
      code: "ABORT_ERR",
      cause: Object.assign(new Error("stop"), { code: "ABORT_ERR" }),
    },
    expect: fails("E_ABORTED", { cause: "ABORT_ERR", message: /aborted by the caller/ }),
  },

  // The deadline, the backoff's growth and its jitter.
  {
    rule: "a pause that would end after the deadline is not taken",
    call: "getInstance",
    outcome: answer(503),
    deadlineIn: 150,
    expect: fails("E_SERVER"),
  },
  {
    rule: "a pause ending exactly at the deadline is not taken",
    call: "getInstance",
    outcome: failure("reset"),
    deadlineIn: 200,
    expect: fails("E_NETWORK", { cause: "ECONNRESET" }),
  },
  {
    rule: "a pause ending just before the deadline is taken",
    call: "getInstance",
    outcome: answer(503),
    deadlineIn: 201,
    expect: resend(200),
  },
  {
    rule: "backoff doubles: second retry",
    call: "getInstance",
    outcome: answer(503),
    counters: { retries: 1 },
    expect: resend(400),
  },
  {
    rule: "backoff doubles: fourth retry",
    call: "getInstance",
    outcome: answer(503),
    counters: { retries: 3 },
    expect: resend(1600),
  },
  {
    rule: "backoff is capped at maxDelayMs",
    call: "getInstance",
    outcome: answer(503),
    counters: { retries: 9 },
    policy: { maxRetries: 20 },
    expect: resend(10_000),
  },
  {
    rule: "jitter 0.5 at random → 1: the delay's lower bound, half",
    call: "getInstance",
    outcome: answer(503),
    counters: { retries: 1 },
    random: 0.999_999,
    expect: resend(200),
  },
  {
    rule: "jitter 1 at random → 1: down to 0",
    call: "getInstance",
    outcome: failure("reset"),
    policy: { jitter: 1 },
    random: 0.999_999,
    expect: resend(0),
  },
  {
    rule: "jitter 0: exact delays whatever random says",
    call: "getInstance",
    outcome: answer(503),
    counters: { retries: 2 },
    policy: { jitter: 0 },
    random: 0.7,
    expect: resend(800),
  },
  {
    rule: "jitter never shortens Retry-After",
    call: "getInstance",
    outcome: answer(429, { retryAfter: "4" }),
    random: 0.999_999,
    expect: resend(4000),
  },
];

function summary(d: Decision): Expected {
  switch (d.action) {
    case "resend":
      return { resend: d.afterMs, busy: d.busy };
    case "renew-token":
      return "renew-token";
    case "fail": {
      const e = d.error as Error & { code?: string; retryAfterMs?: number };
      const cause = (e.cause as { code?: string } | undefined)?.code;
      return {
        fail: e.code ?? "none",
        ...(cause !== undefined ? { cause } : {}),
        ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
      };
    }
  }
}

test.each(rows)("$rule", (row) => {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...row.policy };
  const decision = decide(
    policy,
    {
      name: row.call,
      method: "GET",
      path: PATH,
      baseUrl: BASE,
      timeoutMs: 30_000,
      ownCredential: row.ownCredential ?? true,
    },
    row.outcome,
    { retries: 0, busyRetries: 0, tokenRenewals: 0, ...row.counters },
    row.deadlineIn === undefined ? undefined : NOW + row.deadlineIn,
    NOW,
    () => row.random ?? 0,
  );
  const expected = row.expect;
  if (typeof expected === "object" && "fail" in expected && expected.message) {
    const { message, ...rest } = expected;
    expect(summary(decision)).toEqual(rest);
    expect(decision.action === "fail" && decision.error.message).toMatch(message);
  } else {
    expect(summary(decision)).toEqual(expected);
  }
});

test("decide returns what each decision spends and leaves the counters it was given alone", () => {
  const counters: RetryCounters = { retries: 1, busyRetries: 2, tokenRenewals: 0 };
  const policy = structuredClone(DEFAULT_RETRY_POLICY);
  const call = {
    name: "reconfigure" as const,
    method: "PUT",
    path: PATH,
    baseUrl: BASE,
    timeoutMs: 1,
    ownCredential: true,
  };
  const spent = (outcome: Outcome) => {
    const d = decide(policy, call, outcome, counters, NOW + 60_000, NOW, () => 0.5);
    return d.action === "fail" ? d.action : { action: d.action, counters: d.counters };
  };
  expect(spent(answer(503))).toEqual({
    action: "resend",
    counters: { retries: 2, busyRetries: 2, tokenRenewals: 0 },
  });
  expect(spent(failure("reset"))).toEqual({
    action: "resend",
    counters: { retries: 2, busyRetries: 2, tokenRenewals: 0 },
  });
  expect(spent(answer(409))).toEqual({
    action: "resend",
    counters: { retries: 1, busyRetries: 3, tokenRenewals: 0 },
  });
  expect(spent(answer(401, { credential: "session" }))).toEqual({
    action: "renew-token",
    counters: { retries: 1, busyRetries: 2, tokenRenewals: 1 },
  });
  // The caller's own session_token is set aside for good: no renewal is counted against the session.
  expect(spent(answer(401, { credential: "supplied" }))).toEqual({ action: "renew-token", counters });
  expect(counters).toEqual({ retries: 1, busyRetries: 2, tokenRenewals: 0 });
  expect(policy).toEqual(DEFAULT_RETRY_POLICY);
});

test("a renewal names the token it sets aside", () => {
  const call = {
    name: "getInstance" as const,
    method: "GET",
    path: PATH,
    baseUrl: BASE,
    timeoutMs: 1,
    ownCredential: true,
  };
  const zero = { retries: 0, busyRetries: 0, tokenRenewals: 0 };
  for (const credential of ["supplied", "session"] as const) {
    const d = decide(DEFAULT_RETRY_POLICY, call, answer(401, { credential }), zero, undefined, NOW, () => 0);
    expect(d.action === "renew-token" && d.rejected).toBe(credential);
  }
});
