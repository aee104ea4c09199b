// The simulated Application Management Service (ARCHITECTURE.md §3): access control, launch/reconfigure/destroy with
// asynchronous workflows, and the test controls (faults, failures, timing, stats). HTTP lives in server.ts,
// the checks of a launch or reconfigure body in request-pieces.ts.
//
import { randomBytes } from "node:crypto";
import type { InstanceStatus, InstanceSummary } from "../client/types";
import { ID_PATTERN } from "../service-limits";
import { JwtSigner, FloodGuard, parseAuthorization, type FloodLimits } from "./auth";
import { Catalog, type CatalogApplication } from "./catalog";
import { resolveConfiguration } from "./configuration";
import { FaultInjector, type FaultOptions } from "./faults";
import { ServiceStats } from "./request-log";
import { RequestReader } from "./request-reader";
import {
  configurationRequest,
  instanceNameOf,
  launchEnvironment,
  revisionOf,
  versionOf,
} from "./request-pieces";
import type { Timing } from "./seed";
import { completeDueWorkflow, instanceStatus, startWorkflow } from "./instance-lifecycle";
import { saveState, type InstanceRecord, type SimState } from "./state";

/** An answer other than 200: the status and the `errors` of the body. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join("; "));
    this.name = "ServiceError";
  }
}

export interface Caller {
  email: string;
  organizations: ReadonlySet<string>;
}

export interface SimulatorSettings {
  jwtLifetimeSeconds: number;
  flood: FloodLimits;
  statePath?: string;
}

export class Simulator {
  readonly stats = new ServiceStats();
  readonly faults = new FaultInjector();
  private readonly catalog: Catalog;
  private readonly jwt: JwtSigner;
  private readonly flood: FloodGuard;
  /** state.instances by id: every call on an instance looks it up (a plan of 1,000 makes 1,000 status reads). */
  private readonly instanceById: Map<string, InstanceRecord>;

  constructor(
    private readonly state: SimState,
    private readonly settings: SimulatorSettings,
  ) {
    this.instanceById = new Map(state.instances.map((rec) => [rec.id, rec]));
    this.catalog = new Catalog(state.seed);
    this.jwt = new JwtSigner(Buffer.from(state.jwtSecret, "base64"), settings.jwtLifetimeSeconds);
    this.flood = new FloodGuard(settings.flood, state.flood);
  }

  // ---- test controls -------------------------------------------------------------------------------

  setFaults(options: FaultOptions): void {
    this.faults.configure(options);
  }

  /** Makes every workflow of the application end `Failed` with `message`; null lets them succeed again. */
  failApplication(applicationId: string, message: string | null): void {
    if (message === null) delete this.state.failures[applicationId];
    else this.state.failures[applicationId] = message;
    this.changed();
  }

  /** Durations of workflows started from now on. */
  setTiming(timing: Partial<Timing>): void {
    this.state.timing = { ...this.state.timing, ...timing };
    this.changed();
  }

  get timing(): Timing {
    return { ...this.state.timing };
  }

  /** Every instance's status, as GET /api/1/instances/{id} shows it now. */
  instances(): InstanceStatus[] {
    const now = Date.now();
    return this.state.instances.map((rec) => this.view(rec, now));
  }

  // ---- authentication ------------------------------------------------------------------------------

  issueToken(body: unknown, now: number): { jwtBearer: string; expiresIn: number } {
    this.stats.tokenCalls++;
    const reader = new RequestReader();
    const b = reader.object(body, "body", ["refreshToken"]);
    if (b && typeof b.refreshToken !== "string")
      reader.errors.push('refreshToken is required: send {"refreshToken": "<your refresh token>"}');
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    const user = this.catalog.userByRefreshToken(b!.refreshToken as string);
    if (!user) throw new ServiceError(401, ["refresh token not recognised; generate a new refresh token"]);
    this.stats.tokenCallsByUser[user.email] = (this.stats.tokenCallsByUser[user.email] ?? 0) + 1;
    this.refuseBlocked(user.email, now);
    const nowBlocked = this.flood.recordTokenRequest(user.email, now);
    this.changed();
    if (nowBlocked) this.refuseBlocked(user.email, now);
    const { jwt, expiresIn } = this.jwt.sign(user.email, now);
    return { jwtBearer: jwt, expiresIn };
  }

  /** The caller of a request from its Authorization header values; a session JWT wins over Basic. */
  authenticate(authorization: readonly string[], now: number): Caller {
    const creds = parseAuthorization(authorization);
    let email: string;
    if (creds.bearer !== undefined) {
      const check = this.jwt.verify(creds.bearer, now);
      if (!check.ok)
        throw new ServiceError(401, [
          check.reason === "expired"
            ? "session token expired; get a new one from POST /refreshToken/jwtBearer"
            : "session token invalid; get a new one from POST /refreshToken/jwtBearer",
        ]);
      email = check.subject;
    } else if (creds.basic !== undefined) {
      const user = this.catalog.userByEmail(creds.basic.email);
      if (!user || user.password !== creds.basic.password)
        throw new ServiceError(401, ["wrong email or password"]);
      email = user.email;
    } else {
      throw new ServiceError(401, [
        "missing credentials: send Authorization: Basic base64(email:password) or Bearer <session JWT>",
      ]);
    }
    const user = this.catalog.userByEmail(email);
    if (!user) throw new ServiceError(401, ["session token names an unknown user; log in again"]);
    this.refuseBlocked(email, now);
    return { email, organizations: new Set(user.organizations) };
  }

  private refuseBlocked(email: string, now: number): void {
    if (this.flood.isBlocked(email, now))
      throw new ServiceError(403, [
        `user ${email} is blocked after too many session token requests (security alert); ` +
          "wait for the block to end and reuse session tokens until they expire",
      ]);
  }

  // ---- listings ------------------------------------------------------------------------------------

  listOrganizations(caller: Caller): { id: string; name: string }[] {
    return [...this.catalog.organizations.values()]
      .filter((o) => caller.organizations.has(o.id))
      .map((o) => ({ id: o.id, name: o.name }));
  }

  listApplications(caller: Caller, orgId: string): { id: string; name: string }[] {
    const org = this.organization(caller, orgId);
    return org.applications.map((a) => ({ id: a.id, name: a.name }));
  }

  listEnvironments(caller: Caller, orgId: string): { id: string; name: string; default: boolean }[] {
    const org = this.organization(caller, orgId);
    return org.environments.map((e) => ({ id: e.id, name: e.name, default: e.default === true }));
  }

  listInstances(caller: Caller, envId: string, now: number): InstanceSummary[] {
    const env = this.catalog.environments.get(envId);
    this.accessible(caller, "environment", envId, env, env?.organization);
    return this.state.instances
      .filter((rec) => rec.environment === envId)
      .map((rec) => {
        const s = this.view(rec, now);
        return {
          id: s.id,
          name: s.name,
          application: s.application,
          revision: s.revision,
          environment: s.environment,
          status: s.status,
        };
      });
  }

  getInstance(caller: Caller, id: string, now: number): InstanceStatus {
    return this.view(this.instance(caller, id), now);
  }

  // ---- workflows -----------------------------------------------------------------------------------

  launch(caller: Caller, appId: string, body: unknown, now: number): { id: string } {
    const app = this.application(caller, appId);
    const reader = new RequestReader();
    const b = reader.object(body, "body", [
      "parameters",
      "instanceName",
      "environmentId",
      "revisionId",
      "version",
      "submodules",
    ]);
    if (!b) throw new ServiceError(400, reader.errors);
    const environment = launchEnvironment(
      this.catalog,
      app,
      reader.optionalId(b.environmentId, "environmentId"),
      reader,
    );
    const revision = revisionOf(this.catalog, app, b.revisionId, "revisionId", reader);
    const version = versionOf(app, b.version, "version", reader);
    const instanceName = instanceNameOf(b.instanceName, reader);
    if (instanceName !== undefined && this.nameTaken(environment, instanceName, now))
      reader.errors.push(
        `instanceName "${instanceName}" is already used by an instance in environment ${environment}; ` +
          "choose another name or destroy that instance first",
      );
    const request = configurationRequest(this.catalog, app, b, revision, version, "launch", reader);
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);

    const rec: InstanceRecord = {
      id: this.newId(),
      name: instanceName ?? `${app.name}-${randomBytes(3).toString("hex")}`,
      organization: app.organization,
      application: app.id,
      environment,
      status: "Requested",
      configuration: resolveConfiguration(this.catalog, app, request),
      errorMessage: null,
      returnValues: {},
      workflow: null,
    };
    startWorkflow(rec, "launch", this.state.timing, now);
    this.state.instances.push(rec);
    this.instanceById.set(rec.id, rec);
    this.changed();
    return { id: rec.id };
  }

  reconfigure(caller: Caller, id: string, body: unknown, now: number): { id: string } {
    const rec = this.instance(caller, id);
    this.advance(rec, now);
    this.refuseBusy(rec);
    if (rec.status === "Destroyed")
      throw new ServiceError(400, [
        `instance ${id} is destroyed and cannot be reconfigured; launch a new one`,
      ]);
    const app = this.catalog.applications.get(rec.application)!;
    const reader = new RequestReader();
    const b = reader.object(body, "body", ["parameters", "manifestVersion", "revisionId", "submodules"]);
    if (!b) throw new ServiceError(400, reader.errors);
    const revision = revisionOf(this.catalog, app, b.revisionId, "revisionId", reader);
    const version = versionOf(app, b.manifestVersion, "manifestVersion", reader);
    const request = configurationRequest(this.catalog, app, b, revision, version, "reconfigure", reader, rec);
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    startWorkflow(rec, "reconfigure", this.state.timing, now);
    rec.workflow!.target = resolveConfiguration(this.catalog, app, request, rec.configuration);
    this.changed();
    return { id: rec.id };
  }

  destroy(caller: Caller, id: string, body: unknown, now: number): { id: string } {
    const rec = this.instance(caller, id);
    const reader = new RequestReader();
    reader.object(body, "body", []);
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    this.advance(rec, now);
    this.refuseBusy(rec);
    if (rec.status === "Destroyed") return { id: rec.id };
    startWorkflow(rec, "destroy", this.state.timing, now);
    this.changed();
    return { id: rec.id };
  }

  forceDelete(caller: Caller, id: string, force: boolean, now: number): { id: string } {
    const rec = this.instance(caller, id);
    const status = this.view(rec, now).status;
    if (!force && status !== "Destroyed")
      throw new ServiceError(400, [
        `instance ${id} is ${status}, not Destroyed; destroy it first (POST /api/1/instances/${id}/destroy) ` +
          "or delete with ?force=true",
      ]);
    this.state.instances = this.state.instances.filter((r) => r !== rec);
    this.instanceById.delete(rec.id);
    this.changed();
    return { id };
  }

  // ---- instance lifecycle --------------------------------------------------------------------------

  /** Completes the instance's workflow if its time is up (persisting that); returns whether it did. */
  private advance(rec: InstanceRecord, now: number): boolean {
    const completed = completeDueWorkflow(rec, this.state.failures, now);
    if (completed) this.changed();
    return completed;
  }

  private view(rec: InstanceRecord, now: number): InstanceStatus {
    this.advance(rec, now);
    return instanceStatus(rec, now);
  }

  private refuseBusy(rec: InstanceRecord): void {
    if (rec.workflow)
      throw new ServiceError(409, [
        `instance ${rec.id} is executing workflow ${rec.workflow.name}; wait until it completes, then retry`,
      ]);
  }

  private nameTaken(environment: string, name: string, now: number): boolean {
    return this.state.instances.some(
      (r) => r.environment === environment && r.name === name && this.view(r, now).status !== "Destroyed",
    );
  }

  private newId(): string {
    let id: string;
    do id = randomBytes(12).toString("hex");
    while (this.instanceById.has(id) || this.catalog.revisions.has(id));
    return id;
  }

  // ---- access control ------------------------------------------------------------------------------

  private organization(caller: Caller, orgId: string) {
    return this.accessible(caller, "organization", orgId, this.catalog.organizations.get(orgId), orgId);
  }

  private application(caller: Caller, appId: string): CatalogApplication {
    const app = this.catalog.applications.get(appId);
    return this.accessible(caller, "application", appId, app, app?.organization);
  }

  private instance(caller: Caller, id: string): InstanceRecord {
    const rec = this.instanceById.get(id);
    return this.accessible(caller, "instance", id, rec, rec?.organization);
  }

  /**
   * The one access rule of every id in a path, in the service's order: a malformed id is 400, an unknown
   * one 404, and one of an organization the caller is not a member of 403.
   */
  private accessible<T>(
    caller: Caller,
    kind: string,
    id: string,
    found: T | undefined,
    organization: string | undefined,
  ): T {
    checkId(id, kind);
    if (found === undefined || organization === undefined)
      throw new ServiceError(404, [`${kind} ${id} not found`]);
    if (!caller.organizations.has(organization))
      throw new ServiceError(403, [
        `${kind} ${id} belongs to an organization user ${caller.email} is not a member of`,
      ]);
    return found;
  }

  private changed(): void {
    if (this.settings.statePath) saveState(this.settings.statePath, this.state);
  }
}

function checkId(id: string, what: string): void {
  if (!ID_PATTERN.test(id))
    throw new ServiceError(400, [`${what} id "${id}" is malformed; ids are 24 lowercase hex characters`]);
}
