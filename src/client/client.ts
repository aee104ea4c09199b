// AppMgmtClient: one typed method per service call (ARCHITECTURE.md §3) over one keep-alive undici Agent. The
// constructor checks the options; each method is its endpoint (endpoints/<service area>.ts) sent through the
// one exchange loop (service-calls.ts). Each starts an operation and returns; waiting is in waiters.ts.
import type { Agent } from "./undici";
import { CallCredentials } from "./credentials";
import { applicationEndpoints as applications } from "./endpoints/applications";
import { EnvironmentCalls, environmentEndpoints as environments } from "./endpoints/environments";
import { instanceEndpoints as instances } from "./endpoints/instances";
import { organizationEndpoints as organizations } from "./endpoints/organizations";
import { scheduleEndpoints as schedules } from "./endpoints/schedules";
import { sessionEndpoints as sessions } from "./endpoints/sessions";
import { DEFAULT_TIMEOUT_MS, keepAliveAgent, type ClientInternals, type ClientOptions } from "./options";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./response-body";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";
import type { WireSchedule } from "../service/wire";
import { ServiceCalls } from "./service-calls";
import { SessionTokens } from "./session";
import { abortableSleep } from "./sleep";
import { MemoryTokenStore, tokenKey } from "./token-store";
import type {
  ApplicationSummary,
  CallOptions,
  CreateApplicationRequest,
  EnvironmentSummary,
  InstanceStatus,
  InstanceSummary,
  LaunchRequest,
  ManifestUploaded,
  OperationAccepted,
  Organization,
  ReconfigureRequest,
  Revision,
} from "./types";
import {
  apiPrefix,
  caCertProblem,
  credentialPairProblem,
  maxRetriesProblem,
  nonEmpty,
  normaliseBaseUrl,
  positive,
  throwIf,
  wholeBytes,
} from "./validate";

export class AppMgmtClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly retryPolicy: RetryPolicy;
  /** Each environment's policies, properties and markers, and clones (endpoints/environments.ts). */
  readonly environments: EnvironmentCalls;
  private readonly refreshToken?: string;
  private readonly calls: ServiceCalls;
  /** What each call is authenticated with; checkCredentials asks it for a session token up front. */
  private readonly credentials: CallCredentials;
  private readonly ownAgent?: Agent;

  constructor(opts: ClientOptions, internals: ClientInternals = {}) {
    this.baseUrl = normaliseBaseUrl(opts.baseUrl);
    const { origin, pathname } = new URL(this.baseUrl);
    this.apiVersion = opts.apiVersion ?? "1.2";
    const prefix = apiPrefix(this.apiVersion);
    const timeoutMs = positive("request_timeout", opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    const maxResponseBytes = wholeBytes(
      "maxResponseBytes",
      opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    );
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retryPolicy };
    if (opts.maxRetries !== undefined) this.retryPolicy.maxRetries = opts.maxRetries;
    throwIf(maxRetriesProblem(this.retryPolicy.maxRetries));
    const { log } = opts;
    const now = internals.now ?? Date.now;
    const sleep = internals.sleep ?? abortableSleep;

    throwIf(credentialPairProblem(opts.email, opts.password));
    let sessionTokens: SessionTokens | undefined;
    if (opts.refreshToken !== undefined) {
      const refreshToken = (this.refreshToken = nonEmpty("refresh_token", opts.refreshToken));
      sessionTokens = new SessionTokens(
        opts.tokenStore ?? new MemoryTokenStore(),
        tokenKey(this.baseUrl, refreshToken),
        () => sessions.requestToken(this.calls, refreshToken),
        now,
        (ms) => sleep(ms),
        (level, message, fields) => log?.({ level, message, fields }),
      );
    }
    const sessionToken =
      opts.sessionToken === undefined ? undefined : nonEmpty("session_token", opts.sessionToken);
    if (opts.caCertPem !== undefined) throwIf(caCertProblem(opts.caCertPem));

    const dispatcher = internals.dispatcher ?? (this.ownAgent = keepAliveAgent(opts));
    const credentials = (this.credentials = new CallCredentials(
      { ...opts, sessionToken },
      sessionTokens,
      log,
    ));
    this.calls = new ServiceCalls(
      {
        baseUrl: this.baseUrl,
        origin,
        basePath: pathname === "/" ? "" : pathname,
        prefix,
        timeoutMs,
        maxResponseBytes,
        retryPolicy: this.retryPolicy,
        dispatcher,
        log,
        now,
        sleep,
        random: internals.random ?? Math.random,
      },
      credentials,
    );
    this.environments = new EnvironmentCalls(this.calls);
  }

  async listOrganizations(o?: CallOptions): Promise<Organization[]> {
    return organizations.listOrganizations(this.calls, o);
  }

  async listApplications(orgId: string, o?: CallOptions): Promise<ApplicationSummary[]> {
    return applications.listApplications(this.calls, orgId, o);
  }

  async listEnvironments(orgId: string, o?: CallOptions): Promise<EnvironmentSummary[]> {
    return environments.listEnvironments(this.calls, orgId, o);
  }

  async listInstances(envId: string, o?: CallOptions): Promise<InstanceSummary[]> {
    return instances.listInstances(this.calls, envId, o);
  }

  async listApplicationInstances(appId: string, o?: CallOptions): Promise<InstanceSummary[]> {
    return instances.listApplicationInstances(this.calls, appId, o);
  }

  async listRevisions(appId: string, o?: CallOptions): Promise<Revision[]> {
    return applications.listRevisions(this.calls, appId, o);
  }

  async createApplication(
    orgId: string,
    req: CreateApplicationRequest,
    o?: CallOptions,
  ): Promise<OperationAccepted> {
    return applications.createApplication(this.calls, orgId, req, o);
  }

  async uploadManifest(appId: string, yamlText: string, o?: CallOptions): Promise<ManifestUploaded> {
    return applications.uploadManifest(this.calls, appId, yamlText, o);
  }

  async listRevisionInstances(revisionId: string, o?: CallOptions): Promise<InstanceSummary[]> {
    return instances.listRevisionInstances(this.calls, revisionId, o);
  }

  async launch(appId: string, req: LaunchRequest, o?: CallOptions): Promise<OperationAccepted> {
    return instances.launch(this.calls, appId, req, o);
  }

  async reconfigure(
    instanceId: string,
    req: ReconfigureRequest,
    o?: CallOptions,
  ): Promise<OperationAccepted> {
    return instances.reconfigure(this.calls, instanceId, req, o);
  }

  async getInstance(id: string, o?: CallOptions): Promise<InstanceStatus> {
    return instances.getInstance(this.calls, id, o);
  }

  /** The instance's own status (one call): its submodules' settings are not read (see readSubmodules). */
  async getInstanceStatus(id: string, o?: CallOptions): Promise<InstanceStatus> {
    return instances.getInstanceStatus(this.calls, id, o);
  }

  /** `status` with the settings of the submodules at `paths` (and their parents) read: one call each. */
  async readSubmodules(
    status: InstanceStatus,
    paths: "all" | ReadonlySet<string>,
    o?: CallOptions,
  ): Promise<InstanceStatus> {
    return instances.readSubmodules(this.calls, status, paths, o);
  }

  async destroy(
    id: string,
    o?: CallOptions,
    parameters?: Record<string, string>,
  ): Promise<OperationAccepted> {
    return instances.destroy(this.calls, id, o, parameters);
  }

  /** Moves the scheduled destroy in place to `inMs` milliseconds from now (-1 cancels it). */
  async rescheduleDestroy(id: string, inMs: number, o?: CallOptions): Promise<void> {
    return schedules.rescheduleDestroy(this.calls, id, inMs, o);
  }

  async listSchedules(id: string, o?: CallOptions): Promise<WireSchedule[]> {
    return schedules.listSchedules(this.calls, id, o);
  }

  async runWorkflow(
    id: string,
    workflow: string,
    parameters?: Record<string, string>,
    o?: CallOptions,
  ): Promise<OperationAccepted> {
    return instances.runWorkflow(this.calls, id, workflow, parameters, o);
  }

  async putUserData(id: string, userData: string, o?: CallOptions): Promise<void> {
    return instances.putUserData(this.calls, id, userData, o);
  }

  async forceDelete(id: string, o?: CallOptions): Promise<void> {
    return instances.forceDelete(this.calls, id, o);
  }

  async createSessionToken(): Promise<{ jwt: string; expiresInSeconds: number; expiresAt: number }> {
    return sessions.createSessionToken(this.calls, this.refreshToken);
  }

  /**
   * Makes sure the refresh token gives a session token (a token call unless one is cached, as for any call), so a
   * wrong one fails when the caller starts rather than at its first change. A supplied session token is not checked.
   */
  async checkCredentials(o?: CallOptions): Promise<void> {
    await this.credentials.check(o?.signal);
  }

  async close(): Promise<void> {
    await this.ownAgent?.close();
  }
}
