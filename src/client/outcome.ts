// How one exchange ended, short of a 2xx answer, in the terms retry-decision.ts's `decide` reads: the answer's
// status and headers, or which kind of transport failure (before the request left, after, a timeout).
import { ResponseTooLargeError, type ApiErrorDetails } from "./errors";
import { ExchangeTimeout, type Answer } from "./exchange";
import { errorMessages, header } from "./response-body";
import type { FailureKind } from "./retry-policy";
import type { Credential } from "./session";

/** What the request carried: the caller's session_token, a session token of the client's, or anything else. */
export type CredentialKind = "supplied" | "session" | "other";

/** How one exchange ended, short of a 2xx answer (which needs no decision). */
export type Outcome =
  | {
      kind: "answer";
      details: ApiErrorDetails;
      /** The `Retry-After` header as sent. */
      retryAfter: string | undefined;
      credential: CredentialKind;
    }
  | Failed;

/** An exchange that ended without an answer to read; `code` is what the client's debug log says of it. */
export type Failed =
  | { kind: "failure"; failure: FailureKind; code: string | undefined; cause: unknown; waitedMs: number }
  /** Answered, but longer than the client reads: the answer is lost. */
  | { kind: "too-large"; code: string; error: ResponseTooLargeError }
  /** The caller's signal fired during the exchange. */
  | { kind: "aborted"; code: string | undefined; cause: unknown };

/** A non-2xx answer to a request of `method` `path` sent with `cred`. */
export function answerOutcome(answer: Answer, method: string, path: string, cred: Credential): Outcome {
  const { statusCode: status, headers, text } = answer;
  const requestId = header(headers, "x-request-id");
  return {
    kind: "answer",
    details: { status, errors: errorMessages(text), method, path, requestId },
    retryAfter: header(headers, "retry-after"),
    credential: cred.supplied ? "supplied" : cred.session ? "session" : "other",
  };
}

/** The exchange failed with `err` after `waitedMs`; `aborted`: the caller's signal has fired. */
export function failedOutcome(err: unknown, aborted: boolean, waitedMs: number): Failed {
  if (err instanceof ResponseTooLargeError) return { kind: "too-large", code: err.code, error: err };
  const timedOut = err instanceof ExchangeTimeout;
  const code = timedOut ? "TIMEOUT" : fromCauses(err, "code");
  if (aborted) return { kind: "aborted", code, cause: err };
  return {
    kind: "failure",
    failure: timedOut ? "timeout" : classifyFailure(code),
    code,
    cause: err,
    waitedMs,
  };
}

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

/**
 * The first string `field` along `err`'s cause chain (err, err.cause, … at most 5 deep): where undici and Node
 * put a transport error's system code, or a TLS failure's reason.
 */
export function fromCauses(err: unknown, field: "code" | "reason"): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === "string") return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_SSL|ERR_TLS/;

function classifyFailure(code: string | undefined): FailureKind {
  if (code !== undefined && NOT_SENT_CODES.has(code)) return "not-sent";
  if (code !== undefined && TLS_CODE.test(code)) return "tls";
  if (code !== undefined && TIMEOUT_CODES.has(code)) return "timeout";
  return "reset";
}
