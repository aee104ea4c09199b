// AppMgmtClient: one typed method per service call (DESIGN §3) over one keep-alive undici Agent. Each method
// starts an operation and returns; waiting for workflows is in waiters.ts.
import { Agent, request, type Dispatcher } from "undici";
import {
  AbortedError,
  BadResponseError,
  ConfigError,
  NetworkError,
  TlsError,
  OutcomeUnknownError,
  TimeoutError,
  errorForStatus,
  type ApiErrorDetails,
} from "./errors";
import * as normalise from "./normalise";
import {
  DEFAULT_RETRY_POLICY,
  classifyFailure,
  parseRetryAfter,
  retryDelayMs,
  transportErrorCode,
  type CallName,
  type FailureKind,
  type RetryPolicy,
} from "./retry-policy";
import { abortableSleep } from "./sleep";
import { tlsFailureHint } from "./tls-failure";
import { SessionTokens, jwtExpiry, type TokenAnswer } from "./session";
import { MemoryTokenStore, tokenKey, type StoredToken, type TokenStore } from "./token-store";
import type {
  Application,
  CallOptions,
  Environment,
  InstanceStatus,
  InstanceSummary,
  LaunchRequest,
  OperationAccepted,
  Organization,
  ReconfigureRequest,
} from "./types";
import {
  apiPrefix,
  checkId,
  checkLaunchRequest,
  checkReconfigureRequest,
  normaliseBaseUrl,
} from "./validate";

export interface LogEvent {
  level: "debug" | "info" | "warn" | "error";
  message: string;
  fields?: Record<string, unknown>;
}

export type LogHook = (e: LogEvent) => void;

export interface ClientOptions {
  baseUrl: string;
  /** "1.0"–"1.2" (→ /api/1) or "2.0" (→ /api/2); default "1.2". */
  apiVersion?: string;
  email?: string;
  password?: string;
  /** When set, calls use session tokens (Bearer) obtained from it, even if email/password are set too. */
  refreshToken?: string;
  /** Where session tokens are kept; default a MemoryTokenStore private to this client. */
  tokenStore?: TokenStore;
  /** Limit for one exchange (request sent, answer headers and body read); default 30 s. */
  requestTimeoutMs?: number;
  /** Overrides retryPolicy.maxRetries. */
  maxRetries?: number;
  /** PEM certificate(s) to trust instead of the system's CAs. */
  caCertPem?: string;
  /** Skip TLS certificate verification (development only). */
  insecure?: boolean;
  log?: LogHook;
  retryPolicy?: Partial<RetryPolicy>;
}

/** Seams for tests and benchmarks; not part of the stable API. */
export interface ClientInternals {
  /** Replaces the client's own Agent (e.g. undici's MockAgent); close() leaves it open. */
  dispatcher?: Dispatcher;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const TOKEN_PATH = "/refreshToken/jwtBearer";

interface Credential {
  header?: string;
  session?: StoredToken;
}

export class AppMgmtClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly retryPolicy: RetryPolicy;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly dispatcher: Dispatcher;
  private readonly ownAgent?: Agent;
  private readonly basic?: string;
  private readonly sessions?: SessionTokens;
  private readonly log?: LogHook;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(opts: ClientOptions, internals: ClientInternals = {}) {
    this.baseUrl = normaliseBaseUrl(opts.baseUrl);
    this.apiVersion = opts.apiVersion ?? "1.2";
    this.prefix = apiPrefix(this.apiVersion);
    this.timeoutMs = positive("request_timeout", opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retryPolicy };
    if (opts.maxRetries !== undefined) this.retryPolicy.maxRetries = opts.maxRetries;
    if (!Number.isInteger(this.retryPolicy.maxRetries) || this.retryPolicy.maxRetries < 0) {
      throw new ConfigError("max_retries", "max_retries must be a whole number ≥ 0");
    }
    this.log = opts.log;
    this.now = internals.now ?? Date.now;
    this.sleep = internals.sleep ?? abortableSleep;
    this.random = internals.random ?? Math.random;

    if ((opts.email === undefined) !== (opts.password === undefined)) {
      const missing = opts.email === undefined ? "email" : "password";
      throw new ConfigError(
        missing,
        `${missing} is missing: set both email and password, or use refresh_token`,
      );
    }
    if (opts.email !== undefined && opts.password !== undefined) {
      this.basic = `Basic ${Buffer.from(`${opts.email}:${opts.password}`).toString("base64")}`;
    }
    if (opts.refreshToken !== undefined) {
      if (opts.refreshToken === "")
        throw new ConfigError("refresh_token", "refresh_token is empty: set it or leave it out");
      const refreshToken = opts.refreshToken;
      this.sessions = new SessionTokens(
        opts.tokenStore ?? new MemoryTokenStore(),
        tokenKey(this.baseUrl, refreshToken),
        () => this.requestToken(refreshToken),
        this.now,
      );
    }
    if (opts.caCertPem !== undefined && !opts.caCertPem.includes("-----BEGIN CERTIFICATE-----")) {
      throw new ConfigError(
        "ca_cert_pem",
        "ca_cert_pem must hold PEM certificates (-----BEGIN CERTIFICATE----- ...)",
      );
    }

    if (internals.dispatcher) {
      this.dispatcher = internals.dispatcher;
    } else {
      this.ownAgent = new Agent({
        keepAliveTimeout: 30_000,
        connect: {
          ...(opts.caCertPem !== undefined ? { ca: opts.caCertPem } : {}),
          rejectUnauthorized: opts.insecure !== true,
        },
      });
      this.dispatcher = this.ownAgent;
    }
  }

  async listOrganizations(o?: CallOptions): Promise<Organization[]> {
    return this.api("listOrganizations", "GET", "/organizations", undefined, o, normalise.organizations);
  }

  async listApplications(orgId: string, o?: CallOptions): Promise<Application[]> {
    const path = `/organizations/${checkId("organizationId", orgId)}/applications`;
    return this.api("listApplications", "GET", path, undefined, o, normalise.applications);
  }

  async listEnvironments(orgId: string, o?: CallOptions): Promise<Environment[]> {
    const path = `/organizations/${checkId("organizationId", orgId)}/environments`;
    return this.api("listEnvironments", "GET", path, undefined, o, normalise.environments);
  }

  async listInstances(envId: string, o?: CallOptions): Promise<InstanceSummary[]> {
    const path = `/environments/${checkId("environmentId", envId)}/instances`;
    return this.api("listInstances", "GET", path, undefined, o, normalise.instanceSummaries);
  }

  /** Never resent once the request may have reached the service: see OutcomeUnknownError. */
  async launch(appId: string, req: LaunchRequest, o?: CallOptions): Promise<OperationAccepted> {
    const path = `/applications/${checkId("applicationId", appId)}/launch`;
    checkLaunchRequest(req);
    return this.api("launch", "POST", path, req, o, normalise.operationAccepted);
  }

  async reconfigure(
    instanceId: string,
    req: ReconfigureRequest,
    o?: CallOptions,
  ): Promise<OperationAccepted> {
    const path = `/instances/${checkId("instanceId", instanceId)}/configuration`;
    checkReconfigureRequest(req);
    return this.api("reconfigure", "PUT", path, req, o, normalise.operationAccepted);
  }

  async getInstance(id: string, o?: CallOptions): Promise<InstanceStatus> {
    const path = `/instances/${checkId("instanceId", id)}`;
    return this.api("getInstance", "GET", path, undefined, o, normalise.instanceStatus);
  }

  async destroy(id: string, o?: CallOptions): Promise<OperationAccepted> {
    const path = `/instances/${checkId("instanceId", id)}/destroy`;
    return this.api("destroy", "POST", path, {}, o, normalise.operationAccepted);
  }

  /** Removes the instance record whatever its status (`DELETE ...?force=true`). */
  async forceDelete(id: string, o?: CallOptions): Promise<void> {
    const path = `/instances/${checkId("instanceId", id)}?force=true`;
    await this.api("forceDelete", "DELETE", path, undefined, o, () => undefined);
  }

  async close(): Promise<void> {
    await this.ownAgent?.close();
  }

  private async api<T>(
    call: CallName,
    method: string,
    path: string,
    body: unknown,
    o: CallOptions | undefined,
    read: (answer: unknown) => T,
  ): Promise<T> {
    const fullPath = `${this.prefix}${path}`;
    const answer = await this.exchange(call, method, fullPath, body, true, o?.signal);
    try {
      return read(answer);
    } catch (err) {
      if (err instanceof normalise.ShapeError) throw new BadResponseError(method, fullPath, err.message);
      throw err;
    }
  }

  private async requestToken(refreshToken: string): Promise<TokenAnswer> {
    const body = await this.exchange("token", "POST", TOKEN_PATH, { refreshToken }, false, undefined);
    const r = (body ?? {}) as { jwtBearer?: unknown; expiresIn?: unknown };
    if (typeof r.jwtBearer !== "string" || r.jwtBearer === "") {
      throw new BadResponseError("POST", TOKEN_PATH, "no jwtBearer in the answer");
    }
    const expiresIn = typeof r.expiresIn === "number" ? r.expiresIn : undefined;
    if (jwtExpiry(r.jwtBearer) === undefined && expiresIn === undefined) {
      throw new BadResponseError("POST", TOKEN_PATH, "the token carries no exp and the answer no expiresIn");
    }
    return { jwtBearer: r.jwtBearer, expiresIn };
  }

  private async credential(authenticated: boolean): Promise<Credential> {
    if (!authenticated) return {};
    if (this.sessions) {
      const session = await this.sessions.current();
      return { header: `Bearer ${session.jwt}`, session };
    }
    return { header: this.basic };
  }

  /** One call: send, retry as the policy allows, map failures to typed errors, return the parsed JSON body. */
  private async exchange(
    call: CallName,
    method: string,
    path: string,
    body: unknown,
    authenticated: boolean,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const what = `${method} ${path}`;
    const policy = this.retryPolicy;
    const idempotent = policy.idempotentCalls.includes(call);
    const maxRetries =
      call === "token" ? Math.min(policy.tokenMaxRetries, policy.maxRetries) : policy.maxRetries;
    // A refusal the service answered (429, 5xx) issued no token, so the token call may be asked again.
    const retryOnStatus = idempotent || call === "token";
    let retries = 0;
    let refreshedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortedError(what, { cause: signal.reason });
      const cred = await this.credential(authenticated);
      const started = this.now();
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      // One deadline for the whole exchange (headers and body); undici's own timers are only ~1 s precise.
      const deadline = AbortSignal.timeout(this.timeoutMs);
      try {
        const res = await request(`${this.baseUrl}${path}`, {
          dispatcher: this.dispatcher,
          method: method as Dispatcher.HttpMethod,
          headers: {
            accept: "application/json",
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
            ...(cred.header ? { authorization: cred.header } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        });
        status = res.statusCode;
        headers = res.headers;
        text = await res.body.text();
      } catch (err) {
        const code = deadline.aborted ? "TIMEOUT" : transportErrorCode(err);
        this.logCall(method, path, { error: code ?? "unknown" }, started, attempt);
        if (signal?.aborted) throw new AbortedError(what, { cause: err });
        const kind = deadline.aborted ? "timeout" : classifyFailure(code);
        if (retries < maxRetries && this.mayRetryFailure(kind, idempotent)) {
          retries++;
          await this.pause(retryDelayMs(policy, retries, undefined, this.random), signal, what);
          continue;
        }
        throw this.transportError(call, kind, code, method, path, this.now() - started, err);
      }
      this.logCall(method, path, { status }, started, attempt);

      if (status >= 200 && status < 300) return parseBody(method, path, text);

      if (status === 401 && cred.session && !refreshedAfter401 && this.sessions?.isExpired(cred.session)) {
        // The token expired on its way: the next credential() call refreshes it, once.
        refreshedAfter401 = true;
        continue;
      }
      const requestId = header(headers, "x-request-id");
      const details: ApiErrorDetails = { status, errors: errorMessages(text), method, path, requestId };
      const retryAfterMs = parseRetryAfter(header(headers, "retry-after"), this.now());
      if (retryOnStatus && retries < maxRetries && policy.retryStatuses.includes(status)) {
        retries++;
        await this.pause(retryDelayMs(policy, retries, retryAfterMs, this.random), signal, what);
        continue;
      }
      const error = errorForStatus(details, retryAfterMs);
      // A gateway or server error on launch says nothing about whether the instance was created.
      if (call === "launch" && status >= 500) throw new OutcomeUnknownError(method, path, { cause: error });
      throw error;
    }
  }

  /** The error for a transport failure that is not (or no longer) retried. */
  private transportError(
    call: CallName,
    kind: FailureKind,
    code: string | undefined,
    method: string,
    path: string,
    waitedMs: number,
    cause: unknown,
  ): Error {
    const mayHaveArrived = kind === "reset" || kind === "timeout";
    if (call === "launch" && mayHaveArrived) return new OutcomeUnknownError(method, path, { cause });
    if (kind === "timeout") {
      return new TimeoutError(
        `${method} ${path}: no answer within ${this.timeoutMs} ms; raise request_timeout if the service is slow`,
        { method, path, waitedMs },
        { cause },
      );
    }
    if (kind === "tls") return new TlsError(method, path, code, tlsFailureHint(code, cause), { cause });
    return new NetworkError(method, path, code, undefined, { cause });
  }

  private mayRetryFailure(kind: FailureKind, idempotent: boolean): boolean {
    const p = this.retryPolicy;
    return p.alwaysRetryFailures.includes(kind) || (idempotent && p.retryFailures.includes(kind));
  }

  private async pause(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
    try {
      await this.sleep(ms, signal);
    } catch (err) {
      throw new AbortedError(what, { cause: err });
    }
  }

  private logCall(
    method: string,
    path: string,
    outcome: { status?: number; error?: string },
    started: number,
    attempt: number,
  ): void {
    if (!this.log) return;
    const ms = this.now() - started;
    const result = outcome.status ?? outcome.error;
    this.log({
      level: "debug",
      message: `${method} ${path} -> ${result} in ${ms} ms (attempt ${attempt})`,
      fields: { method, path, ...outcome, ms, attempt },
    });
  }
}

function positive(field: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(field, `${field} must be a positive duration`);
  return value;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function parseBody(method: string, path: string, text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadResponseError(method, path, "the body is not JSON");
  }
}

/** The service's `errors[]`; a non-JSON error body (e.g. from a proxy) becomes one short message. */
function errorMessages(text: string): string[] {
  try {
    const body = JSON.parse(text) as { errors?: unknown };
    if (Array.isArray(body.errors)) return body.errors.map(String);
  } catch {
    // not JSON: fall through
  }
  const trimmed = text.trim();
  return trimmed ? [trimmed.slice(0, 200)] : [];
}
