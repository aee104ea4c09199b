// The simulated Application Management Service (docs/service-api.md, ARCHITECTURE.md §3): its instances, their
// workflows (launch, reconfigure, destroy, declared ones, scheduled destroys) and submodule instances, the
// listings, and the test controls (faults, failures, timing, clock, stats). HTTP lives in server.ts, who is
// calling in accounts.ts, the access rule in service-error.ts, created applications in applications.ts, the
// checks of a launch or reconfigure body in request-pieces.ts.
import { randomBytes } from "node:crypto";
import { setOwn } from "../own";
import { checkWorkflowRun, formatFinding } from "../rules";
import {
  NEVER_DESTROY,
  type WireEnvironment,
  type WireInstanceStatus,
  type WireInstanceSummary,
  type WireRevision,
  type WireSchedule,
} from "../service-wire";
import { Accounts } from "./accounts";
import { newApplication, newManifestVersion } from "./applications";
import { launchReturnValues } from "./return-values";
import type { FloodLimits } from "./auth";
import { Catalog, type CatalogApplication } from "./catalog";
import { Environments } from "./environments";
import { resolveConfiguration } from "./configuration";
import { FaultInjector, type FaultOptions } from "./faults";
import { ServiceStats } from "./request-log";
import { RequestReader } from "./request-reader";
import {
  configurationRequest,
  destroyIntervalOf,
  DOCUMENTED_LIFETIME_MS,
  instanceNameOf,
  launchEnvironment,
  revisionOf,
  versionOf,
} from "./request-pieces";
import { rescheduleDestroy, schedulesOf } from "./schedules";
import type { Timing } from "./seed";
import {
  completeDueWorkflow,
  componentStatus,
  wireInstanceStatus,
  startWorkflow,
} from "./instance-lifecycle";
import { accessible, ServiceError, type Caller } from "./service-error";
import { saveState, type InstanceRecord, type SimState, type WorkflowEnding } from "./state";

/** Where a submodule instance lives: its top-level instance and its path key there ("db", "db/replica"). */
interface ComponentRef {
  parent: InstanceRecord;
  name: string;
}

export interface SimulatorSettings {
  jwtLifetimeSeconds: number;
  flood: FloodLimits;
  statePath?: string;
}

export class Simulator {
  readonly stats = new ServiceStats();
  readonly faults = new FaultInjector();
  /** Session tokens and the caller of each request (server.ts asks it before any body is read). */
  readonly accounts: Accounts;
  /** Environments' policies, properties and markers, and clones (environments.ts). */
  readonly environments: Environments;
  private readonly catalog: Catalog;
  /** state.instances by id: every call on an instance looks it up (a plan of 1,000 makes 1,000 status reads). */
  private readonly instanceById: Map<string, InstanceRecord>;
  /** Submodule instances by id. */
  private readonly componentById = new Map<string, ComponentRef>();
  /** How far advanceClock moved the instances' clock ahead of the real one. */
  private clockOffsetMs = 0;

  constructor(
    private readonly state: SimState,
    private readonly settings: SimulatorSettings,
  ) {
    this.instanceById = new Map(state.instances.map((rec) => [rec.id, rec]));
    for (const rec of state.instances)
      for (const [name, id] of Object.entries(rec.components))
        this.componentById.set(id, { parent: rec, name });
    this.catalog = new Catalog(state.seed, state.applications, state.manifests);
    this.environments = new Environments(this.catalog, state.environments, {
      newId: () => this.newId(),
      changed: () => this.changed(),
    });
    this.accounts = new Accounts(
      this.catalog,
      this.stats,
      {
        jwtSecret: state.jwtSecret,
        jwtLifetimeSeconds: settings.jwtLifetimeSeconds,
        flood: settings.flood,
        floodState: state.flood,
        foreignObjects: state.seed.foreignObjects ?? 404,
      },
      () => this.changed(),
    );
  }

  // ---- test controls -------------------------------------------------------------------------------

  setFaults(options: FaultOptions): void {
    this.faults.configure(options);
  }

  /**
   * Makes every workflow of the application end with `status` (`Failed` by default) and `message`; null lets
   * them succeed again.
   */
  failApplication(
    applicationId: string,
    message: string | null,
    status: WorkflowEnding["status"] = "Failed",
  ): void {
    if (message === null) delete this.state.failures[applicationId];
    else this.state.failures[applicationId] = { status, message };
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

  /**
   * Moves the clock of instance workflows and schedules `ms` ahead, as if that much time had passed: a test
   * sees an instance destroyed by its destroyInterval without waiting for it. Session tokens keep real time.
   */
  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  /** The time instance workflows and schedules are judged by. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Every top-level instance's status, as GET /api/1/instances/{id} shows it now. */
  instances(): WireInstanceStatus[] {
    const now = this.now();
    return this.state.instances.map((rec) => this.view(rec, now));
  }

  // ---- listings ------------------------------------------------------------------------------------

  listOrganizations(caller: Caller): { id: string; name: string }[] {
    return [...this.catalog.organizations.values()]
      .filter((o) => caller.organizations.has(o.id))
      .map((o) => ({ id: o.id, name: o.name }));
  }

  listApplications(caller: Caller, orgId: string): { id: string; name: string }[] {
    const org = this.organization(caller, orgId);
    return this.catalog.applicationsOf(org.id).map((a) => ({ id: a.id, name: a.name }));
  }

  /** The application's named revisions, in the order they were saved. */
  listRevisions(caller: Caller, appId: string): WireRevision[] {
    const app = this.application(caller, appId);
    return (app.revisions ?? []).map((r) => ({ id: r.id, name: r.name }));
  }

  /** The seed's environments, then the clones; `isOnline` is false while a clone is not taking launches. */
  listEnvironments(caller: Caller, orgId: string, now: number): WireEnvironment[] {
    const org = this.organization(caller, orgId);
    return [...this.catalog.environments.values()]
      .filter((e) => e.organization === org.id)
      .map((e) => ({
        id: e.id,
        name: e.name,
        isDefault: e.default === true,
        isOnline: this.environments.isOnline(e.id, now),
      }));
  }

  /** The top-level instances of an environment (submodule instances are listed by their parents). */
  listInstances(caller: Caller, envId: string, now: number): WireInstanceSummary[] {
    const env = this.catalog.environments.get(envId);
    accessible(caller, "environment", envId, env, env?.organization);
    return this.summaries((rec) => rec.environment === envId, now);
  }

  listApplicationInstances(caller: Caller, appId: string, now: number): WireInstanceSummary[] {
    this.application(caller, appId);
    return this.summaries((rec) => rec.application === appId, now);
  }

  listRevisionInstances(caller: Caller, revisionId: string, now: number): WireInstanceSummary[] {
    const revision = this.catalog.revisions.get(revisionId);
    const app = revision && this.catalog.applications.get(revision.application);
    accessible(caller, "revision", revisionId, revision, app?.organization);
    return this.summaries((rec) => rec.configuration.revision === revisionId, now);
  }

  private summaries(which: (rec: InstanceRecord) => boolean, now: number): WireInstanceSummary[] {
    return this.state.instances.filter(which).map((rec) => {
      const s = this.view(rec, now);
      return {
        id: s.id,
        name: s.name,
        application: rec.application,
        revision: rec.configuration.revision,
        environment: rec.environment,
        status: s.status,
      };
    });
  }

  /** The status of an instance, or of a submodule instance by its own id. */
  getInstance(caller: Caller, id: string, now: number): WireInstanceStatus {
    const component = this.componentById.get(id);
    if (component) {
      const { parent, name } = component;
      accessible(caller, "instance", id, parent, parent.organization);
      this.advance(parent, now);
      const app = this.catalog.applications.get(parent.application)!;
      const manifest = this.catalog.manifestOf(app, parent.configuration.version);
      const declared =
        manifest && Object.hasOwn(manifest.submodules, name) ? manifest.submodules[name] : undefined;
      const subApp = declared?.applicationId ?? parent.application;
      return componentStatus(parent, name, subApp, now);
    }
    return this.view(this.instance(caller, id), now);
  }

  // ---- applications and manifests -----------------------------------------------------------------

  /** A new application without a manifest (launches are refused until one is uploaded). */
  createApplication(caller: Caller, orgId: string, body: unknown): { id: string } {
    const org = this.organization(caller, orgId);
    const created = newApplication(this.catalog, this.state, org.id, body, this.newId());
    this.changed();
    return created;
  }

  /** A new manifest version from its YAML text; earlier versions stay launchable. */
  uploadManifest(caller: Caller, appId: string, text: string): { version: number } {
    const uploaded = newManifestVersion(this.catalog, this.state, this.application(caller, appId), text);
    this.changed();
    return uploaded;
  }

  // ---- workflows -----------------------------------------------------------------------------------

  launch(caller: Caller, appId: string, body: unknown, now: number): { id: string } {
    const app = this.application(caller, appId);
    if (app.latestVersion === 0)
      throw new ServiceError(400, [
        `application ${app.id} has no manifest yet; upload one (PUT /api/1/applications/${app.id}/manifest) first`,
      ]);
    const reader = new RequestReader();
    const b = reader.object(body, "body", [
      "parameters",
      "instanceName",
      "environmentId",
      "revisionId",
      "version",
      "submodules",
      "destroyInterval",
    ]);
    if (!b) throw new ServiceError(400, reader.errors);
    const environment = launchEnvironment(
      this.catalog,
      app,
      reader.optionalId(b.environmentId, "environmentId"),
      reader,
    );
    if (!this.environments.isOnline(environment, now))
      throw new ServiceError(409, [
        `environment ${environment} is not online yet (it was cloned moments ago); wait until the ` +
          "organization's environment list shows it with isOnline: true, then launch",
      ]);
    const revision = revisionOf(this.catalog, app, b.revisionId, "revisionId", reader);
    const version = versionOf(app, b.version, "version", reader);
    // Names may repeat (the service's own clients pick the newest of several same-name instances).
    const instanceName = instanceNameOf(b.instanceName, reader);
    const destroyInterval = destroyIntervalOf(b.destroyInterval, reader);
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
      ownerId: caller.id,
      components: {},
      history: [],
      destroyAt: null,
    };
    const lifetime = destroyInterval ?? this.state.seed.defaultDestroyIntervalMs ?? DOCUMENTED_LIFETIME_MS;
    if (lifetime !== NEVER_DESTROY) rec.destroyAt = now + lifetime;
    startWorkflow(rec, "launch", this.state.timing, now, caller.id);
    rec.workflow!.returns = launchReturnValues(this.catalog.manifestOf(app, rec.configuration.version)!);
    this.state.instances.push(rec);
    this.instanceById.set(rec.id, rec);
    this.addComponents(rec);
    this.changed();
    return { id: rec.id };
  }

  reconfigure(caller: Caller, id: string, body: unknown, now: number): { id: string } {
    const rec = this.topLevel(caller, id, "reconfigure");
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
    startWorkflow(rec, "reconfigure", this.state.timing, now, caller.id);
    rec.workflow!.target = resolveConfiguration(this.catalog, app, request, rec.configuration);
    rec.workflow!.returns = launchReturnValues(this.catalog.manifestOf(app, rec.workflow!.target.version)!);
    this.addComponents(rec, rec.workflow!.target);
    this.changed();
    return { id: rec.id };
  }

  /** Destroy is a workflow like any other: its body, an object, carries the workflow's parameters (if any). */
  destroy(caller: Caller, id: string, body: unknown, now: number): { id: string } {
    const rec = this.topLevel(caller, id, "destroy");
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw new ServiceError(400, ["body must be a JSON object of workflow parameters ({} for none)"]);
    this.advance(rec, now);
    this.refuseBusy(rec);
    if (rec.status === "Destroyed") return { id: rec.id };
    startWorkflow(rec, "destroy", this.state.timing, now, caller.id);
    this.changed();
    return { id: rec.id };
  }

  /**
   * A workflow the instance's manifest (of the version it runs) declares under application.workflows, run by
   * name with its parameters (a JSON object of strings): checked by the same rules as the provider's plan.
   */
  runWorkflow(caller: Caller, id: string, workflow: string, body: unknown, now: number): { id: string } {
    if (workflow === "launch" || workflow === "reconfigure")
      throw new ServiceError(400, [
        workflow === "launch"
          ? `launch is not run on an instance; POST /api/1/applications/{app}/launch launches a new one`
          : `reconfigure is PUT /api/1/instances/${id}/configuration with the complete configuration`,
      ]);
    const rec = this.topLevel(caller, id, `run ${workflow} on`);
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw new ServiceError(400, ["body must be a JSON object of workflow parameters ({} for none)"]);
    this.advance(rec, now);
    this.refuseBusy(rec);
    if (rec.status === "Destroyed")
      throw new ServiceError(400, [`instance ${id} is destroyed; workflows run on live instances only`]);
    const app = this.catalog.applications.get(rec.application)!;
    const manifest = app.parsed.get(rec.configuration.version)!;
    const parameters = body as Record<string, unknown>;
    const findings = checkWorkflowRun(manifest, { workflow, parameters });
    if (findings.length > 0)
      throw new ServiceError(
        400,
        findings.map(
          (f) =>
            `${formatFinding(f)} (manifest version ${rec.configuration.version} of application ${app.id})`,
        ),
      );
    startWorkflow(rec, workflow, this.state.timing, now, caller.id);
    rec.workflow!.parameters = { ...(parameters as Record<string, string>) };
    this.changed();
    return { id: rec.id };
  }

  /** Moves (or with -1 cancels) the instance's scheduled destroy: schedules.ts. */
  rescheduleDestroy(caller: Caller, id: string, body: unknown, now: number): { id: string } {
    const rec = this.topLevel(caller, id, "reschedule the destroy of");
    this.advance(rec, now);
    rescheduleDestroy(rec, body);
    this.changed();
    return { id: rec.id };
  }

  /** Sets the instance's user data (`{"userData": "<text>"}`); its status shows it from then on. */
  putUserData(caller: Caller, id: string, body: unknown): { id: string } {
    const rec = this.topLevel(caller, id, "set user data of");
    const reader = new RequestReader();
    const b = reader.object(body, "body", ["userData"]);
    if (b && typeof b.userData !== "string") reader.errors.push("userData: must be a string");
    if (!b || reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    rec.userData = b.userData as string;
    this.changed();
    return { id: rec.id };
  }

  listSchedules(caller: Caller, id: string, now: number): WireSchedule[] {
    const rec = this.topLevel(caller, id, "list the schedules of");
    this.advance(rec, now);
    return schedulesOf(rec);
  }

  forceDelete(caller: Caller, id: string, force: boolean, now: number): { id: string } {
    const rec = this.topLevel(caller, id, "delete");
    const status = this.view(rec, now).status;
    if (!force && status !== "Destroyed")
      throw new ServiceError(400, [
        `instance ${id} is ${status}, not Destroyed; destroy it first (POST /api/1/instances/${id}/destroy) ` +
          "or delete with ?force=true",
      ]);
    this.state.instances = this.state.instances.filter((r) => r !== rec);
    this.instanceById.delete(rec.id);
    for (const componentId of Object.values(rec.components)) this.componentById.delete(componentId);
    this.changed();
    return { id };
  }

  // ---- instance lifecycle --------------------------------------------------------------------------

  /** Completes the instance's workflow if its time is up (persisting that); returns whether it did. */
  private advance(rec: InstanceRecord, now: number): boolean {
    const completed = completeDueWorkflow(rec, this.state.failures, this.state.timing, now);
    if (completed) this.changed();
    return completed;
  }

  private view(rec: InstanceRecord, now: number): WireInstanceStatus {
    this.advance(rec, now);
    const status = wireInstanceStatus(rec, now);
    return rec.userData === undefined ? status : { ...status, userData: rec.userData };
  }

  private refuseBusy(rec: InstanceRecord): void {
    if (rec.workflow)
      throw new ServiceError(409, [
        `instance ${rec.id} is executing workflow ${rec.workflow.name}; wait until it completes, then retry`,
      ]);
  }

  /** Gives every submodule of `configuration` (default: the instance's own) an instance id of its own. */
  private addComponents(rec: InstanceRecord, configuration = rec.configuration): void {
    for (const name of Object.keys(configuration.submodules)) {
      if (Object.hasOwn(rec.components, name)) continue;
      const id = this.newId();
      setOwn(rec.components, name, id);
      this.componentById.set(id, { parent: rec, name });
    }
  }

  private newId(): string {
    let id: string;
    do id = randomBytes(12).toString("hex");
    while (
      this.instanceById.has(id) ||
      this.componentById.has(id) ||
      this.catalog.revisions.has(id) ||
      this.catalog.applications.has(id) ||
      this.catalog.environments.has(id)
    );
    return id;
  }

  // ---- access control ------------------------------------------------------------------------------

  private organization(caller: Caller, orgId: string) {
    return accessible(caller, "organization", orgId, this.catalog.organizations.get(orgId), orgId);
  }

  private application(caller: Caller, appId: string): CatalogApplication {
    const app = this.catalog.applications.get(appId);
    return accessible(caller, "application", appId, app, app?.organization);
  }

  private instance(caller: Caller, id: string): InstanceRecord {
    const rec = this.instanceById.get(id);
    return accessible(caller, "instance", id, rec, rec?.organization);
  }

  /** A top-level instance for `action`: a submodule instance is run by its parent's workflows. */
  private topLevel(caller: Caller, id: string, action: string): InstanceRecord {
    const component = this.componentById.get(id);
    if (component) {
      accessible(caller, "instance", id, component.parent, component.parent.organization);
      throw new ServiceError(400, [
        `instance ${id} is a submodule (${component.name}) of instance ${component.parent.id}; ` +
          `${action} the parent instance instead`,
      ]);
    }
    return this.instance(caller, id);
  }

  private changed(): void {
    if (this.settings.statePath) saveState(this.settings.statePath, this.state);
  }
}
