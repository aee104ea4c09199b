// The typed error of a transport failure (no usable answer) that is not, or no longer, retried.
import { NetworkError, TimeoutError, TlsError } from "./errors";
import type { FailureKind } from "./retry-policy";
import { tlsFailureHint } from "./tls-failure";

/**
 * The error for a transport failure of kind `kind`. `url` is the whole address the client tried (base_url and
 * the call's path), so a wrong host, port or path shows in the message.
 */
export function transportError(
  kind: FailureKind,
  code: string | undefined,
  method: string,
  path: string,
  waitedMs: number,
  timeoutMs: number,
  cause: unknown,
  url: string,
): Error {
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
