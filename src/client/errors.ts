// Typed errors of the client. Every class has a stable `code` that callers (the provider, the CLI) switch on;
// messages name what failed and what to do, and never contain credentials (callers only pass ids and paths).

/** The service's token endpoint (ARCHITECTURE.md §3). */
export const TOKEN_PATH = "/refreshToken/jwtBearer";

export class AppMgmtError extends Error {
  readonly code: string = "E_APPMGMT";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Invalid client configuration (base_url, api_version, credentials, TLS options). */
export class ConfigError extends AppMgmtError {
  override readonly code = "E_CONFIG";

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** An argument rejected before anything was sent (e.g. an id that is not 24 lowercase hex characters). */
export class ValidationError extends AppMgmtError {
  override readonly code = "E_VALIDATION";

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiErrorDetails {
  status: number;
  errors: string[];
  method: string;
  path: string;
  requestId?: string;
}

/** The service answered with an error status. */
export class ApiError extends AppMgmtError {
  override readonly code: string = "E_API";
  readonly status: number;
  readonly errors: string[];
  readonly method: string;
  readonly path: string;
  readonly requestId?: string;

  constructor(d: ApiErrorDetails, hint?: string) {
    const detail = d.errors.length > 0 ? `: ${d.errors.join("; ")}` : "";
    const rid = d.requestId ? ` (request id ${d.requestId})` : "";
    super(`${d.method} ${d.path} failed with HTTP ${d.status}${detail}${rid}${hint ? `. ${hint}` : ""}`);
    this.status = d.status;
    this.errors = d.errors;
    this.method = d.method;
    this.path = d.path;
    this.requestId = d.requestId;
  }
}

export class BadRequestError extends ApiError {
  override readonly code = "E_BAD_REQUEST";
}

export class AuthError extends ApiError {
  override readonly code = "E_AUTH";

  constructor(
    d: ApiErrorDetails,
    hint = "Check email/password or refresh_token (session tokens are renewed automatically)",
  ) {
    super(d, hint);
  }
}

export class ForbiddenError extends ApiError {
  override readonly code = "E_FORBIDDEN";

  constructor(d: ApiErrorDetails) {
    super(
      d,
      "The object belongs to another organization, or the user is blocked (e.g. after too many token requests)",
    );
  }
}

/**
 * A 403 from the service's token-flood block: the user asked for more than 5 session tokens within 60 s and
 * is blocked for a while (5 minutes at the service's defaults), every call refused.
 */
export class TokenFloodError extends ApiError {
  override readonly code = "E_TOKEN_FLOOD";

  constructor(
    d: ApiErrorDetails,
    /** From the `Retry-After` header, when the service sent one. */
    readonly retryAfterMs?: number,
  ) {
    const wait =
      retryAfterMs !== undefined
        ? `${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minutes`
        : "up to 5 minutes";
    super(
      d,
      "The service blocked the user after too many session token requests (more than 5 within 60 s, e.g. " +
        `parallel jobs sharing one refresh token with separate token caches). Wait ${wait} for the block to ` +
        "end; then share one session token between the jobs: mint it once with `appmgmt session create` and " +
        "give it to each job as session_token (APPMGMT_SESSION_TOKEN), or give them one token_cache_dir",
    );
  }
}

/**
 * 404: the object does not exist, or belongs to an organization the user is not a member of (the service may
 * answer 404 rather than 403 then): the two cannot be told apart, so the message says both.
 */
export class NotFoundError extends ApiError {
  override readonly code = "E_NOT_FOUND";

  constructor(d: ApiErrorDetails) {
    super(
      d,
      "Not found or not accessible: check the id, and that the credentials are of a member of the object's " +
        "organization",
    );
  }
}

export class ConflictError extends ApiError {
  override readonly code = "E_CONFLICT";

  constructor(d: ApiErrorDetails) {
    super(d, "The instance is executing another workflow; wait for it to finish and retry");
  }
}

export class PayloadTooLargeError extends ApiError {
  override readonly code = "E_TOO_LARGE";

  constructor(d: ApiErrorDetails) {
    super(d, "Request bodies are limited to 1 MiB");
  }
}

export class RateLimitError extends ApiError {
  override readonly code = "E_RATE_LIMIT";

  constructor(
    d: ApiErrorDetails,
    /** From the `Retry-After` header, when the service sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(
      d,
      retryAfterMs !== undefined
        ? `The service asks to retry after ${Math.ceil(retryAfterMs / 1000)} s (Retry-After)`
        : undefined,
    );
  }
}

export class ServerError extends ApiError {
  override readonly code = "E_SERVER";
}

/** 408: the service gave up waiting for the request; passing trouble, like a 503. */
export class RequestTimeoutAnswerError extends ApiError {
  override readonly code = "E_REQUEST_TIMEOUT";
}

/**
 * A request that failed without an error status from the service; the message starts with the request
 * ("GET /api/1/...: ") as ApiError's does.
 */
export abstract class RequestError extends AppMgmtError {
  constructor(
    readonly method: string,
    readonly path: string,
    what: string,
    options?: { cause?: unknown },
  ) {
    super(`${method} ${path}: ${what}`, options);
  }
}

/** A 2xx answer whose body is not the JSON the call expects. */
export class BadResponseError extends RequestError {
  override readonly code = "E_BAD_RESPONSE";

  constructor(method: string, path: string, reason: string) {
    super(method, path, `unexpected response from the service: ${reason}`);
  }
}

/** An answer longer than the client reads (ClientOptions.maxResponseBytes): the read stopped there. */
export class ResponseTooLargeError extends RequestError {
  override readonly code = "E_RESPONSE_TOO_LARGE";

  constructor(
    method: string,
    path: string,
    readonly limitBytes: number,
  ) {
    super(
      method,
      path,
      `the answer is longer than ${limitBytes} bytes (the client's maxResponseBytes), so the client stopped ` +
        "reading it; check that base_url points at the service, not a proxy or file server",
    );
  }
}

/** The connection failed (refused, reset, DNS, TLS) and retries, if allowed, did not help. */
export class NetworkError extends RequestError {
  override readonly code: string = "E_NETWORK";

  constructor(
    method: string,
    path: string,
    /** The system or undici error code, e.g. ECONNREFUSED, UND_ERR_SOCKET. */
    readonly causeCode: string | undefined,
    hint = "check base_url and connectivity",
    options?: { cause?: unknown },
  ) {
    super(method, path, `network error${causeCode ? ` (${causeCode})` : ""}: ${hint}`, options);
  }
}

/**
 * The TLS handshake failed: the service's certificate is not trusted (self-signed, unknown CA), not for the
 * host in base_url, or not valid now. Nothing was sent; the message says which problem and the fix.
 */
export class TlsError extends NetworkError {
  override readonly code = "E_TLS";
}

/**
 * A launch whose request may have reached the service but whose answer was lost (reset, timeout, gateway
 * error). Relaunching could create a duplicate: look the instance up by name instead.
 */
export class OutcomeUnknownError extends RequestError {
  override readonly code = "E_OUTCOME_UNKNOWN";

  constructor(method: string, path: string, options?: { cause?: unknown }) {
    super(
      method,
      path,
      "the request may have reached the service but its answer was lost; do not resend it: look the " +
        "instance up by name to learn whether it was created",
      options,
    );
  }
}

export interface TimeoutDetails {
  method?: string;
  path?: string;
  instanceId?: string;
  lastStatus?: string;
  waitedMs: number;
}

/** A request or a wait took longer than allowed. */
export class TimeoutError extends AppMgmtError {
  override readonly code = "E_TIMEOUT";
  readonly method?: string;
  readonly path?: string;
  readonly instanceId?: string;
  readonly lastStatus?: string;
  readonly waitedMs: number;

  constructor(message: string, d: TimeoutDetails, options?: { cause?: unknown }) {
    super(message, options);
    Object.assign(this, d);
    this.waitedMs = d.waitedMs;
  }
}

/** The instance's workflow ended in status `Failed`. */
export class WorkflowFailedError extends AppMgmtError {
  override readonly code = "E_WORKFLOW_FAILED";

  constructor(
    readonly instance: { id: string; name: string; workflow?: string },
    readonly errorMessage: string | null,
    /** The service's word for the failure when it is not `Failed` (`Error`). */
    readonly serviceStatus?: string,
  ) {
    super(
      `instance ${instance.id} (${instance.name}) failed${serviceStatus ? ` (status ${serviceStatus})` : ""}` +
        `${instance.workflow ? ` in workflow ${instance.workflow}` : ""}: ` +
        `${errorMessage ?? "the service gave no error message"}`,
    );
  }
}

/**
 * The instance's workflow stopped without failing: `Canceled` (it will not go on) or `Suspended` (it waits
 * for someone to resume it in the service). Waiting longer would only run out the timeout.
 */
export class WorkflowStoppedError extends AppMgmtError {
  override readonly code = "E_WORKFLOW_STOPPED";

  constructor(
    readonly instance: { id: string; name: string; workflow?: string },
    readonly status: "Canceled" | "Suspended",
  ) {
    const what = `instance ${instance.id} (${instance.name})${instance.workflow ? `: workflow ${instance.workflow}` : ""}`;
    super(
      status === "Canceled"
        ? `${what} is Canceled in the service, so it will not complete; find out in the service who or what ` +
            "canceled it, then apply again"
        : `${what} is Suspended in the service, waiting for someone to resume it; resume or cancel it in the ` +
            "service, then apply again",
    );
  }
}

/** The caller's AbortSignal fired. */
export class AbortedError extends AppMgmtError {
  override readonly code = "E_ABORTED";

  constructor(what: string, options?: { cause?: unknown }) {
    super(`${what}: aborted by the caller`, options);
  }
}

/** Maps an error status of the service to its class. */
export function errorForStatus(d: ApiErrorDetails, retryAfterMs?: number): ApiError {
  switch (d.status) {
    case 400:
      return new BadRequestError(d);
    case 401:
      return new AuthError(d);
    case 403:
      return isTokenFlood(d) ? new TokenFloodError(d, retryAfterMs) : new ForbiddenError(d);
    case 404:
      return new NotFoundError(d);
    case 408:
      return new RequestTimeoutAnswerError(d);
    case 409:
      return new ConflictError(d);
    case 413:
      return new PayloadTooLargeError(d);
    case 429:
      return new RateLimitError(d, retryAfterMs);
    default:
      return d.status >= 500 ? new ServerError(d) : new ApiError(d);
  }
}

/**
 * A 403 on the token call can only be the flood block (it needs no permission); on other calls the service's
 * message says so ("blocked after too many session token requests").
 */
function isTokenFlood(d: ApiErrorDetails): boolean {
  return d.path === TOKEN_PATH || d.errors.some((e) => /blocked|too many (session )?token requests/i.test(e));
}

/** Failures that may pass by themselves: worth another try later (used by waiters between polls). */
export function isTransient(err: unknown): err is AppMgmtError {
  return (
    err instanceof ServerError ||
    err instanceof RequestTimeoutAnswerError ||
    err instanceof RateLimitError ||
    err instanceof NetworkError ||
    (err instanceof TimeoutError && err.method !== undefined)
  );
}

/** The AuthError message when the caller's session token is rejected and nothing can replace it. */
export const SESSION_TOKEN_REJECTED =
  "The session token (session_token / APPMGMT_SESSION_TOKEN) was rejected: it expired or the service no " +
  "longer accepts it. Mint a new one with `appmgmt session create`, or set refresh_token or email/password " +
  "as well so the client can get its own";
