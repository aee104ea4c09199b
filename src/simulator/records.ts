// The simulator's records and the rules around them: the state and its indexes by id, who may see what
// (service-error.ts's access rule), new ids, the workflow clock and the test controls (faults, failures,
// timing, clock). The service's calls on them are service.ts.
import { randomBytes } from "node:crypto";
import { setOwn } from "../util/own";
import type { WireInstanceStatus } from "../service/wire";
import { Accounts } from "./accounts";
import type { FloodLimits } from "./auth";
import { Catalog, type CatalogApplication } from "./catalog";
import { Environments } from "./environments";
import { FaultInjector, type FaultOptions } from "./faults";
import { ServiceStats } from "./request-log";
import { StatusLag } from "./status-lag";
import { StatusWords } from "./status-words";
import type { Timing } from "./seed";
import { completeDueWorkflow, wireInstanceStatus } from "./instance-lifecycle";
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

export class SimulatorRecords {
  readonly stats = new ServiceStats();
  readonly faults = new FaultInjector();
  /** Status reads that lag a new workflow (test control). */
  readonly statusLag = new StatusLag();
  /** The words statuses are answered in: the older vocabulary, `Unknown` for named instances (test controls). */
  readonly statusWords = new StatusWords();
  /** Test control: the `warnings` and `errors` the launch answers of an application carry, by its id. */
  readonly launchNotes = new Map<string, { warnings?: string[]; errors?: string[] }>();
  /** Session tokens and the caller of each request (server.ts asks it before any body is read). */
  readonly accounts: Accounts;
  /** Environments' policies, properties and markers, and clones (environments.ts). */
  readonly environments: Environments;
  protected readonly catalog: Catalog;
  /** state.instances by id: every call on an instance looks it up (a plan of 1,000 makes 1,000 status reads). */
  protected readonly instanceById: Map<string, InstanceRecord>;
  /** Submodule instances by id. */
  protected readonly componentById = new Map<string, ComponentRef>();
  /** How far advanceClock moved the instances' clock ahead of the real one. */
  private clockOffsetMs = 0;

  constructor(
    protected readonly state: SimState,
    protected readonly settings: SimulatorSettings,
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

  // ---- instance lifecycle --------------------------------------------------------------------------

  /** Completes the instance's workflow if its time is up (persisting that); returns whether it did. */
  protected advance(rec: InstanceRecord, now: number): boolean {
    const completed = completeDueWorkflow(rec, this.state.failures, this.state.timing, now);
    if (completed) this.changed();
    return completed;
  }

  protected view(rec: InstanceRecord, now: number): WireInstanceStatus {
    this.advance(rec, now);
    const status = wireInstanceStatus(rec, now);
    return rec.userData === undefined ? status : { ...status, userData: rec.userData };
  }

  protected refuseBusy(rec: InstanceRecord): void {
    if (rec.workflow)
      throw new ServiceError(409, [
        `instance ${rec.id} is executing workflow ${rec.workflow.name}; wait until it completes, then retry`,
      ]);
  }

  /** Gives every submodule of `configuration` (default: the instance's own) an instance id of its own. */
  protected addComponents(rec: InstanceRecord, configuration = rec.configuration): void {
    for (const name of Object.keys(configuration.submodules)) {
      if (Object.hasOwn(rec.components, name)) continue;
      const id = this.newId();
      setOwn(rec.components, name, id);
      this.componentById.set(id, { parent: rec, name });
    }
  }

  protected newId(): string {
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

  protected organization(caller: Caller, orgId: string) {
    return accessible(caller, "organization", orgId, this.catalog.organizations.get(orgId), orgId);
  }

  protected application(caller: Caller, appId: string): CatalogApplication {
    const app = this.catalog.applications.get(appId);
    return accessible(caller, "application", appId, app, app?.organization);
  }

  protected instance(caller: Caller, id: string): InstanceRecord {
    const rec = this.instanceById.get(id);
    return accessible(caller, "instance", id, rec, rec?.organization);
  }

  /** A top-level instance for `action`: a submodule instance is run by its parent's workflows. */
  protected topLevel(caller: Caller, id: string, action: string): InstanceRecord {
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

  protected changed(): void {
    if (this.settings.statePath) saveState(this.settings.statePath, this.state);
  }
}
