// Transport failures (no usable answer): whether the policy lets a call be sent again, and the typed error
// once it does not. A launch that may have reached the service is never an ordinary error: its outcome is
// unknown.
import { NetworkError, OutcomeUnknownError, TimeoutError, TlsError } from "./errors";
import type { CallName, FailureKind, RetryPolicy } from "./retry-policy";
import { tlsFailureHint } from "./tls-failure";

export function mayRetryFailure(policy: RetryPolicy, kind: FailureKind, idempotent: boolean): boolean {
  return policy.alwaysRetryFailures.includes(kind) || (idempotent && policy.retryFailures.includes(kind));
}

/**
 * The error for a transport failure that is not (or no longer) retried. `url` is the whole address the
 * client tried (base_url and the call's path), so a wrong host, port or path shows in the message.
 */
export function transportError(
  call: CallName,
  kind: FailureKind,
  code: string | undefined,
  method: string,
  path: string,
  waitedMs: number,
  timeoutMs: number,
  cause: unknown,
  url: string,
): Error {
  const mayHaveArrived = kind === "reset" || kind === "timeout";
  if (call === "launch" && mayHaveArrived) return new OutcomeUnknownError(method, path, { cause });
  if (kind === "timeout") {
    return new TimeoutError(
      `${method} ${path}: no answer within ${timeoutMs} ms; raise request_timeout if the service is slow`,
      { method, path, waitedMs },
      { cause },
    );
  }
  if (kind === "tls") return new TlsError(method, path, code, tlsFailureHint(code, cause), { cause });
  return new NetworkError(method, path, code, `could not reach ${url}; check base_url and connectivity`, {
    cause,
  });
}
