// AppMgmtClient: one typed method per service call (ARCHITECTURE.md §3) over one keep-alive undici Agent. Each method
// starts an operation and returns; waiting for workflows is in waiters.ts.
import type { Dispatcher } from "undici";
import type { Agent } from "./undici";
import {
  AbortedError,
  BadResponseError,
  ConfigError,
  NotFoundError,
  ResponseTooLargeError,
  TOKEN_PATH,
} from "./errors";
import * as normalise from "./normalise";
import {
  DEFAULT_TIMEOUT_MS,
  keepAliveAgent,
  type ClientInternals,
  type ClientOptions,
  type LogHook,
} from "./options";
import { DEFAULT_RETRY_POLICY, type CallName, type RetryPolicy } from "./retry-policy";
import { decide, type RetryCall, type RetryCounters } from "./retry-decision";
import { answerOutcome, failedOutcome, type Outcome } from "./outcome";
import { DEFAULT_MAX_RESPONSE_BYTES, parseBody } from "./response-body";
import { SessionTokens, tokenAnswer, type Credential, type TokenAnswer } from "./session";
import { exchange, type Answer, type ExchangeRequest } from "./exchange";
import { setOwn } from "../own";
import { WORKFLOW_NAME } from "../service-limits";
import { abortableSleep } from "./sleep";
import { MemoryTokenStore, tokenKey } from "./token-store";
import type {
  ApplicationSummary,
  CallOptions,
  Environment,
  InstanceStatus,
  InstanceSummary,
  LaunchRequest,
  OperationAccepted,
  Organization,
  ManifestUploaded,
  ReconfigureRequest,
  Revision,
  CreateApplicationRequest,
} from "./types";
import {
  apiPrefix,
  caCertProblem,
  checkId,
  checkLaunchRequest,
  checkReconfigureRequest,
  credentialPairProblem,
  maxRetriesProblem,
  nonEmpty,
  normaliseBaseUrl,
  positive,
  throwIf,
  wholeBytes,
} from "./validate";

/** A body sent as it is (a manifest's YAML), not as JSON. */
interface RawBody {
  raw: string;
  contentType: string;
}

function isRaw(body: unknown): body is RawBody {
  return typeof body === "object" && body !== null && typeof (body as RawBody).raw === "string";
}

/** A call being retried: what `decide` knows of it, and what its retries have spent. */
interface Retrying {
  call: RetryCall;
  counters: RetryCounters;
}

export class AppMgmtClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly retryPolicy: RetryPolicy;
  private readonly prefix: string;
  /** baseUrl split once, for undici's origin and path. */
  private readonly origin: string;
  private readonly basePath: string;
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
    ({ origin: this.origin, pathname: this.basePath } = new URL(this.baseUrl));
    if (this.basePath === "/") this.basePath = "";
    this.apiVersion = opts.apiVersion ?? "1.2";
    this.prefix = apiPrefix(this.apiVersion);
    this.timeoutMs = positive("request_timeout", opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.maxResponseBytes = wholeBytes(
      "maxResponseBytes",
      opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    );
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
      const refreshToken = (this.refreshToken = nonEmpty("refresh_token", opts.refreshToken));
      this.sessions = new SessionTokens(
        opts.tokenStore ?? new MemoryTokenStore(),
        tokenKey(this.baseUrl, refreshToken),
        () => this.requestToken(refreshToken),
        this.now,
        (ms) => this.sleep(ms),
        (level, message, fields) => this.log?.({ level, message, fields }),
      );
    }
    if (opts.sessionToken !== undefined) this.suppliedToken = nonEmpty("session_token", opts.sessionToken);
    if (opts.caCertPem !== undefined) throwIf(caCertProblem(opts.caCertPem));

    if (internals.dispatcher) {
      this.dispatcher = internals.dispatcher;
    } else {
      this.dispatcher = this.ownAgent = keepAliveAgent(opts);
    }
  }

  async listOrganizations(o?: CallOptions): Promise<Organization[]> {
    return this.api("listOrganizations", "GET", "/organizations", undefined, o, normalise.organizations);
  }

  async listApplications(orgId: string, o?: CallOptions): Promise<ApplicationSummary[]> {
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

  /** The application's top-level instances, in every environment. */
  async listApplicationInstances(appId: string, o?: CallOptions): Promise<InstanceSummary[]> {
    const path = `/applications/${checkId("applicationId", appId)}/instances`;
    return this.api("listApplicationInstances", "GET", path, undefined, o, normalise.instanceSummaries);
  }

  /** The application's named revisions (`[{id, name}]`). */
  async listRevisions(appId: string, o?: CallOptions): Promise<Revision[]> {
    const path = `/applications/${checkId("applicationId", appId)}/revisions`;
    return this.api("listRevisions", "GET", path, undefined, o, normalise.revisions);
  }

  /** A new application of the organization, without a manifest. Not idempotent: see RetryPolicy's launch rule. */
  async createApplication(
    orgId: string,
    req: CreateApplicationRequest,
    o?: CallOptions,
  ): Promise<OperationAccepted> {
    const path = `/organizations/${checkId("organizationId", orgId)}/applications`;
    if (typeof req.name !== "string" || req.name.trim() === "")
      throw new ConfigError("name", "an application needs a non-empty name");
    return this.api("createApplication", "POST", path, { name: req.name }, o, normalise.operationAccepted);
  }

  /**
   * Uploads the manifest's YAML text as the application's next version (`application/x-yaml`); answers the
   * new version. Not idempotent (each upload is a version): see RetryPolicy's launch rule.
   */
  async uploadManifest(appId: string, yamlText: string, o?: CallOptions): Promise<ManifestUploaded> {
    const path = `/applications/${checkId("applicationId", appId)}/manifest`;
    const body: RawBody = { raw: yamlText, contentType: "application/x-yaml" };
    return this.api("uploadManifest", "PUT", path, body, o, normalise.manifestUploaded);
  }

  /** The top-level instances launched from a named revision. */
  async listRevisionInstances(revisionId: string, o?: CallOptions): Promise<InstanceSummary[]> {
    const path = `/revisions/${checkId("revisionId", revisionId)}/instances`;
    return this.api("listRevisionInstances", "GET", path, undefined, o, normalise.instanceSummaries);
  }

  /** Resent only as RetryPolicy's launch rule allows; a lost answer is OutcomeUnknownError. */
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

  /**
   * The instance's status with each submodule's settings. The service lists submodules as `components`,
   * instances of their own: each is read through its own status call, all in parallel (one more call per
   * submodule), and the components a submodule's status lists in turn are its own submodules, keyed by path
   * ("db/replica"). A status that carries a `submodules` map (older services) needs no further reads.
   */
  async getInstance(id: string, o?: CallOptions): Promise<InstanceStatus> {
    const status = await this.readStatus(checkId("instanceId", id), o);
    if (status.components.length === 0 || Object.keys(status.submodules).length > 0) return status;
    await this.readComponents(status.components, "", status.submodules, o);
    return status;
  }

  /** Reads `components` (in parallel) into `into` under `prefix` + name, then their own components below them. */
  private async readComponents(
    components: InstanceStatus["components"],
    prefix: string,
    into: InstanceStatus["submodules"],
    o: CallOptions | undefined,
  ): Promise<void> {
    const read = await Promise.all(
      components.map((c) =>
        this.readStatus(checkId("components[].id", c.id), o).catch((err: unknown) => {
          // A submodule instance removed between the two reads (its parent being destroyed) has no settings.
          if (err instanceof NotFoundError) return undefined;
          throw err;
        }),
      ),
    );
    const below: Promise<void>[] = [];
    components.forEach((c, i) => {
      const s = read[i];
      if (!s) return;
      const key = prefix + c.name;
      setOwn(into, key, { manifestVersion: s.version, revision: s.revision, parameters: s.parameters });
      if (s.components.length > 0) below.push(this.readComponents(s.components, `${key}/`, into, o));
    });
    await Promise.all(below);
  }

  private readStatus(id: string, o: CallOptions | undefined): Promise<InstanceStatus> {
    return this.api("getInstance", "GET", `/instances/${id}`, undefined, o, normalise.instanceStatus);
  }

  /** The workflow `destroy`; `parameters` are the workflow's own, if the manifest declares any. */
  async destroy(
    id: string,
    o?: CallOptions,
    parameters: Record<string, string> = {},
  ): Promise<OperationAccepted> {
    const path = `/instances/${checkId("instanceId", id)}/destroy`;
    return this.api("destroy", "POST", path, parameters, o, normalise.operationAccepted);
  }

  /**
   * Runs a workflow the instance's manifest declares (`POST /instances/{id}/{workflow}`) with its parameters.
   * Not idempotent (each call is a run); with o.deadline a 409 (another workflow runs) is resent until it.
   */
  async runWorkflow(
    id: string,
    workflow: string,
    parameters: Record<string, string> = {},
    o?: CallOptions,
  ): Promise<OperationAccepted> {
    if (!WORKFLOW_NAME.test(workflow))
      throw new ConfigError("workflow", `workflow name ${JSON.stringify(workflow)} is not a workflow's name`);
    const path = `/instances/${checkId("instanceId", id)}/${workflow}`;
    return this.api("runWorkflow", "POST", path, parameters, o, normalise.operationAccepted);
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

  /**
   * Makes sure the refresh token gives a session token (a token call unless one is cached, as for any call), so a
   * wrong one fails when the caller starts rather than at its first change. A supplied session token is not checked.
   */
  async checkCredentials(o?: CallOptions): Promise<void> {
    if (this.suppliedToken === undefined) await this.sessions?.current(o?.signal);
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
    return tokenAnswer(await this.exchange("token", "POST", TOKEN_PATH, { refreshToken }, false, undefined));
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

  /**
   * One call: send it, and after anything but a 2xx answer do what `decide` says (retry-decision.ts): pause and
   * resend, renew the session token, or throw its error. Returns the parsed JSON body.
   */
  private async exchange(
    name: CallName,
    method: string,
    path: string,
    body: unknown,
    authenticated: boolean,
    o: CallOptions | undefined,
  ): Promise<unknown> {
    const signal = o?.signal;
    let retry: Retrying | undefined;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortedError(`${method} ${path}`, { cause: signal.reason });
      let cred: Credential;
      try {
        cred = await this.credential(authenticated, signal);
      } catch (err) {
        if (signal?.aborted) throw new AbortedError(`${method} ${path}`, { cause: err });
        throw err;
      }
      const started = this.now();
      let answer: Answer;
      try {
        answer = await exchange(this.dispatcher, this.request(method, path, body, cred, signal));
      } catch (err) {
        const failed = failedOutcome(err, signal?.aborted === true, this.now() - started);
        this.logCall(method, path, { error: failed.code ?? "unknown" }, started, attempt);
        await this.followUp((retry ??= this.retrying(name, method, path)), failed, cred, o);
        continue;
      }
      const status = answer.statusCode;
      this.logCall(method, path, { status }, started, attempt);
      if (status >= 200 && status < 300) return parseBody(method, path, answer.text);
      await this.followUp(
        (retry ??= this.retrying(name, method, path)),
        answerOutcome(answer, method, path, cred),
        cred,
        o,
      );
    }
  }

  private request(
    method: string,
    path: string,
    body: unknown,
    cred: Credential,
    signal: AbortSignal | undefined,
  ): ExchangeRequest {
    return {
      origin: this.origin,
      path: `${this.basePath}${path}`,
      method: method as Dispatcher.HttpMethod,
      headers: {
        accept: "application/json",
        ...(body !== undefined
          ? { "content-type": isRaw(body) ? body.contentType : "application/json" }
          : {}),
        ...(cred.header ? { authorization: cred.header } : {}),
      },
      body: body === undefined ? undefined : isRaw(body) ? body.raw : JSON.stringify(body),
      // One deadline for the whole exchange (headers and body); undici's own timers are only ~1 s precise.
      timeoutMs: this.timeoutMs,
      maxBytes: this.maxResponseBytes,
      tooLarge: () => new ResponseTooLargeError(method, path, this.maxResponseBytes),
      signal,
    };
  }

  /** What a call's retries need, made at its first failure: a call answered at once (nearly all) needs none. */
  private retrying(name: CallName, method: string, path: string): Retrying {
    const ownCredential = this.sessions !== undefined || this.basic !== undefined;
    return {
      call: { name, method, path, baseUrl: this.baseUrl, timeoutMs: this.timeoutMs, ownCredential },
      counters: { retries: 0, busyRetries: 0, tokenRenewals: 0 },
    };
  }

  /**
   * Asks `decide` what follows `outcome` of a request sent with `cred`, and does it short of sending again:
   * throws its error, renews the token, or pauses (ended by the caller's signal, else by o.pauseSignal).
   */
  private async followUp(
    { call, counters }: Retrying,
    outcome: Outcome,
    cred: Credential,
    o: CallOptions | undefined,
  ): Promise<void> {
    const decision = decide(this.retryPolicy, call, outcome, counters, o?.deadline, this.now(), this.random);
    const what = `${call.method} ${call.path}`;
    switch (decision.action) {
      case "fail":
        throw decision.error;
      case "renew-token":
        if (cred.session) {
          counters.tokenRenewals++;
          await this.sessions?.reject(cred.session);
        } else {
          this.suppliedToken = undefined;
          this.log?.({
            level: "warn",
            message:
              "the service rejected session_token (expired or invalid); using refresh_token or email/password instead",
          });
        }
        return;
      case "resend":
        if (decision.busy) {
          counters.busyRetries++;
          this.log?.({
            level: "info",
            message: `${what}: the instance is busy with another workflow; sending it again`,
            fields: { retry_in_ms: decision.afterMs },
          });
        } else {
          counters.retries++;
        }
        try {
          await this.sleep(decision.afterMs, o?.signal ?? o?.pauseSignal);
        } catch (err) {
          throw new AbortedError(what, { cause: err });
        }
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
