// AppMgmtClient: one typed method per service call (ARCHITECTURE.md §3) over one keep-alive undici Agent. Each method
// starts an operation and returns; waiting for workflows is in waiters.ts.
import { Agent, request, type Dispatcher } from "undici";
import {
  AbortedError,
  AuthError,
  BadResponseError,
  ConfigError,
  NetworkError,
  TlsError,
  OutcomeUnknownError,
  ResponseTooLargeError,
  TOKEN_PATH,
  TimeoutError,
  errorForStatus,
  type ApiError,
  type ApiErrorDetails,
} from "./errors";
import * as normalise from "./normalise";
import {
  DEFAULT_RETRY_POLICY,
  busyDelayMs,
  classifyFailure,
  parseRetryAfter,
  retryDelayMs,
  transportErrorCode,
  type CallName,
  type FailureKind,
  type RetryPolicy,
} from "./retry-policy";
import { DEFAULT_MAX_RESPONSE_BYTES, errorMessages, readBoundedText } from "./response-body";
import { SessionTokens, jwtLifetimeMs, type TokenAnswer, type UsableToken } from "./session";
import { abortableSleep } from "./sleep";
import { tlsFailureHint } from "./tls-failure";
import { MemoryTokenStore, tokenKey, type TokenStore } from "./token-store";
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
  caCertProblem,
  checkId,
  checkLaunchRequest,
  checkReconfigureRequest,
  credentialPairProblem,
  maxRetriesProblem,
  normaliseBaseUrl,
  type SettingProblem,
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
  /**
   * A session token minted elsewhere (`appmgmt session create`), sent with no token call of this client until
   * the service rejects it (expired or invalid); then the client falls back to refreshToken or
   * email/password when given, else every call fails with an AuthError saying how to get a new one.
   */
  sessionToken?: string;
  /** Where session tokens are kept; default a MemoryTokenStore private to this client. */
  tokenStore?: TokenStore;
  /** Limit for one exchange (request sent, answer headers and body read); default 30 s. */
  requestTimeoutMs?: number;
  /** Overrides retryPolicy.maxRetries. */
  maxRetries?: number;
  /** Longest answer body read (a longer one fails with ResponseTooLargeError); default 32 MiB. */
  maxResponseBytes?: number;
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

interface Credential {
  header?: string;
  /** A token of `sessions`, which a 401 drops. */
  session?: UsableToken;
  /** The caller's sessionToken, which a 401 sets aside. */
  supplied?: boolean;
}

const SESSION_TOKEN_REJECTED =
  "The session token (session_token / APPMGMT_SESSION_TOKEN) was rejected: it expired or the service no " +
  "longer accepts it. Mint a new one with `appmgmt session create`, or set refresh_token or email/password " +
  "as well so the client can get its own";

export class AppMgmtClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly retryPolicy: RetryPolicy;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly refreshToken?: string;
  /** The caller's session token while the service accepts it (or while there is nothing to fall back to). */
  private suppliedToken?: string;
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
    this.maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (!Number.isInteger(this.maxResponseBytes) || this.maxResponseBytes <= 0) {
      throw new ConfigError("maxResponseBytes", "maxResponseBytes must be a whole number of bytes > 0");
    }
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retryPolicy };
    if (opts.maxRetries !== undefined) this.retryPolicy.maxRetries = opts.maxRetries;
    throwIf(maxRetriesProblem(this.retryPolicy.maxRetries));
    this.log = opts.log;
    this.now = internals.now ?? Date.now;
    this.sleep = internals.sleep ?? abortableSleep;
    this.random = internals.random ?? Math.random;

    throwIf(credentialPairProblem(opts.email, opts.password));
    if (opts.email !== undefined && opts.password !== undefined) {
      this.basic = `Basic ${Buffer.from(`${opts.email}:${opts.password}`).toString("base64")}`;
    }
    if (opts.refreshToken !== undefined) {
      if (opts.refreshToken === "")
        throw new ConfigError("refresh_token", "refresh_token is empty: set it or leave it out");
      const refreshToken = (this.refreshToken = opts.refreshToken);
      this.sessions = new SessionTokens(
        opts.tokenStore ?? new MemoryTokenStore(),
        tokenKey(this.baseUrl, refreshToken),
        () => this.requestToken(refreshToken),
        this.now,
        (ms) => this.sleep(ms),
        (level, message, fields) => this.log?.({ level, message, fields }),
      );
    }
    if (opts.sessionToken !== undefined) {
      if (opts.sessionToken === "")
        throw new ConfigError("session_token", "session_token is empty: set it or leave it out");
      this.suppliedToken = opts.sessionToken;
    }
    if (opts.caCertPem !== undefined) throwIf(caCertProblem(opts.caCertPem));

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

  /**
   * A new session token from the refresh token, for the caller to hand on (`appmgmt session create`): always
   * one token call, kept out of the token store. `expiresAt` is judged on the local clock (arrival + lifetime).
   */
  async createSessionToken(): Promise<{ jwt: string; expiresInSeconds: number; expiresAt: number }> {
    if (this.refreshToken === undefined) {
      throw new ConfigError(
        "refresh_token",
        "a session token is made from a refresh token: set refresh_token",
      );
    }
    const answer = await this.requestToken(this.refreshToken);
    return {
      jwt: answer.jwtBearer,
      expiresInSeconds: answer.lifetimeMs / 1000,
      expiresAt: this.now() + answer.lifetimeMs,
    };
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
    const answer = await this.exchange(call, method, fullPath, body, true, o);
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
    // The stated lifetime, never `exp` against the local clock (clocks drift).
    const expiresIn = r.expiresIn;
    const lifetimeMs =
      typeof expiresIn === "number" && Number.isFinite(expiresIn) && expiresIn >= 0
        ? expiresIn * 1000
        : jwtLifetimeMs(r.jwtBearer);
    if (lifetimeMs === undefined) {
      throw new BadResponseError(
        "POST",
        TOKEN_PATH,
        "neither expiresIn (seconds ≥ 0) in the answer nor exp and iat in the token state its lifetime",
      );
    }
    return { jwtBearer: r.jwtBearer, lifetimeMs };
  }

  private async credential(authenticated: boolean, signal: AbortSignal | undefined): Promise<Credential> {
    if (!authenticated) return {};
    if (this.suppliedToken !== undefined) return { header: `Bearer ${this.suppliedToken}`, supplied: true };
    if (this.sessions) {
      const session = await this.sessions.current(signal);
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
    o: CallOptions | undefined,
  ): Promise<unknown> {
    const signal = o?.signal;
    const what = `${method} ${path}`;
    const policy = this.retryPolicy;
    const idempotent = policy.idempotentCalls.includes(call);
    const maxRetries =
      call === "token" ? Math.min(policy.tokenMaxRetries, policy.maxRetries) : policy.maxRetries;
    // A refusal the service answered (429, 5xx) issued no token, so the token call may be asked again.
    const retryOnStatus = idempotent || call === "token";
    const pauseSignal = signal ?? o?.pauseSignal;
    let retries = 0;
    let busyRetries = 0;
    let resentAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortedError(what, { cause: signal.reason });
      let cred: Credential;
      try {
        cred = await this.credential(authenticated, signal);
      } catch (err) {
        if (signal?.aborted) throw new AbortedError(what, { cause: err });
        throw err;
      }
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
        text = await readBoundedText(res, this.maxResponseBytes, method, path);
      } catch (err) {
        if (err instanceof ResponseTooLargeError) {
          this.logCall(method, path, { error: err.code }, started, attempt);
          // The launch was answered, but its answer (the instance id) is lost.
          if (call === "launch") throw new OutcomeUnknownError(method, path, { cause: err });
          throw err;
        }
        const code = deadline.aborted ? "TIMEOUT" : transportErrorCode(err);
        this.logCall(method, path, { error: code ?? "unknown" }, started, attempt);
        if (signal?.aborted) throw new AbortedError(what, { cause: err });
        const kind = deadline.aborted ? "timeout" : classifyFailure(code);
        if (retries < maxRetries && this.mayRetryFailure(kind, idempotent)) {
          const delay = retryDelayMs(policy, retries + 1, undefined, this.random);
          if (this.fitsDeadline(delay, o)) {
            retries++;
            await this.pause(delay, pauseSignal, what);
            continue;
          }
        }
        throw this.transportError(call, kind, code, method, path, this.now() - started, err);
      }
      this.logCall(method, path, { status }, started, attempt);

      if (status >= 200 && status < 300) return parseBody(method, path, text);

      const requestId = header(headers, "x-request-id");
      const details: ApiErrorDetails = { status, errors: errorMessages(text), method, path, requestId };
      // A 401 means the service did nothing with the request, so even a launch is sent again.
      if (status === 401 && cred.supplied) {
        if (!this.sessions && !this.basic) throw new AuthError(details, SESSION_TOKEN_REJECTED);
        this.suppliedToken = undefined;
        this.log?.({
          level: "warn",
          message:
            "the service rejected session_token (expired or invalid); using refresh_token or email/password instead",
        });
        continue;
      }
      if (status === 401 && cred.session && this.sessions && !resentAfter401) {
        // Expired on its way, or the service restarted with a new signing key: one new token, one resend.
        resentAfter401 = true;
        await this.sessions.reject(cred.session);
        continue;
      }
      const retryAfterMs = parseRetryAfter(header(headers, "retry-after"), this.now());
      const refused = policy.refusedStatuses.includes(status);
      if ((retryOnStatus || refused) && retries < maxRetries && policy.retryStatuses.includes(status)) {
        const delay = retryDelayMs(policy, retries + 1, retryAfterMs, this.random);
        if (delay <= policy.maxRetryAfterMs && this.fitsDeadline(delay, o)) {
          retries++;
          await this.pause(delay, pauseSignal, what);
          continue;
        }
      }
      if (
        o?.deadline !== undefined &&
        policy.busyCalls.includes(call) &&
        policy.busyStatuses.includes(status)
      ) {
        const delay = busyDelayMs(policy, busyRetries + 1);
        if (this.fitsDeadline(delay, o)) {
          busyRetries++;
          this.log?.({
            level: "info",
            message: `${what}: the instance is busy with another workflow; sending it again`,
            fields: { retry_in_ms: delay },
          });
          await this.pause(delay, pauseSignal, what);
          continue;
        }
      }
      const error: ApiError = errorForStatus(details, retryAfterMs);
      // A gateway or server error on launch says nothing about whether the instance was created.
      if (call === "launch" && status >= 500) throw new OutcomeUnknownError(method, path, { cause: error });
      throw error;
    }
  }

  /** Whether a pause of `delayMs` ends before the call's deadline (always, without one). */
  private fitsDeadline(delayMs: number, o: CallOptions | undefined): boolean {
    return o?.deadline === undefined || this.now() + delayMs < o.deadline;
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

function throwIf(problem: SettingProblem | undefined): void {
  if (problem) throw new ConfigError(problem.field, problem.message);
}
