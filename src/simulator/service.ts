// The simulated Application Management Service (docs/service-api.md, ARCHITECTURE.md §3): its calls on
// instances, their workflows (launch, reconfigure, destroy, declared ones, scheduled destroys) and submodule
// instances, and the listings. The records they work on, access and the test controls are in records.ts;
// HTTP lives in server.ts, who is calling in accounts.ts, created applications in applications.ts, the
// checks of a launch or reconfigure body in request-pieces.ts.
import { randomBytes } from "node:crypto";
import { checkWorkflowRun, formatFinding } from "../rules";
import {
  NEVER_DESTROY,
  type WireEnvironment,
  type WireInstanceStatus,
  type WireInstanceSummary,
  type WireRevision,
  type WireSchedule,
} from "../service/wire";
import { newApplication, newManifestVersion } from "./applications";
import { launchReturnValues } from "./return-values";
import { resolveConfiguration } from "./configuration";
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
import { componentStatus, startWorkflow } from "./instance-lifecycle";
import { accessible, ServiceError, type Caller } from "./service-error";
import { SimulatorRecords } from "./records";
import { rescheduleDestroy, schedulesOf } from "./schedules";
import type { InstanceRecord } from "./state";

export class Simulator extends SimulatorRecords {
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

  /** The seed's environments, then the clones, as the documentation's sample shows them (no `isOnline`). */
  listEnvironments(caller: Caller, orgId: string): WireEnvironment[] {
    const org = this.organization(caller, orgId);
    return [...this.catalog.environments.values()]
      .filter((e) => e.organization === org.id)
      .map((e) => ({ id: e.id, name: e.name, isDefault: e.default === true }));
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
        status: this.statusWords.word(s.id, s.status, s.workflow?.name === "launch"),
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
      const launching = parent.workflow?.name === "launch";
      return this.statusWords.answer(componentStatus(parent, name, subApp, now), launching);
    }
    const rec = this.instance(caller, id);
    const status = this.statusLag.read(rec.id) ?? this.view(rec, now);
    return this.statusWords.answer(status, status.workflow?.name === "launch");
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

  launch(
    caller: Caller,
    appId: string,
    body: unknown,
    now: number,
  ): { id: string; warnings?: string[]; errors?: string[] } {
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
        `environment ${environment} is not online yet (it was cloned moments ago); launch again in a ` +
          "moment: nothing was launched",
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
    return { id: rec.id, ...this.launchNotes.get(app.id) };
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
    this.statusLag.workflowStarting(rec, now);
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
    this.statusLag.workflowStarting(rec, now);
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
    this.statusLag.workflowStarting(rec, now);
    startWorkflow(rec, workflow, this.state.timing, now, caller.id);
    rec.workflow!.parameters = { ...(parameters as Record<string, string>) };
    this.changed();
    return { id: rec.id };
  }

  /** Moves (or with -1 cancels) the instance's scheduled destroy: schedules.ts. */
  rescheduleDestroy(caller: Caller, id: string, body: unknown, now: number): { id: string } {
    const rec = this.topLevel(caller, id, "reschedule the destroy of");
    this.advance(rec, now);
    rescheduleDestroy(rec, body, now);
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
}
