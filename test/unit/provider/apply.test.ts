// Create, update, delete, read and import of appmgmt_instance against a scripted fake client.
import { isUnknown, UNKNOWN, type Value } from "../../../src/terraform-model";
import type { InstanceStatus } from "../../../src/client/types";
import { decodeInstance } from "../../../src/provider/instance/model";
import {
  APP,
  ENV,
  ID,
  REV,
  WEBSHOP_MANIFEST,
  configuredProvider,
  createPlan,
  err,
  instance,
  obj,
  stateOf,
  status,
} from "./fakes";

const apply = (
  h: Awaited<ReturnType<typeof configuredProvider>>,
  priorState: Value,
  plannedState: Value,
  config: Value,
) =>
  h.provider.applyResourceChange({
    typeName: "appmgmt_instance",
    priorState,
    plannedState,
    config,
    plannedPrivate: Buffer.alloc(0),
  });

const hasUnknown = (v: Value): boolean =>
  isUnknown(v) ||
  (v !== null && typeof v === "object" && Object.values(v).some((x) => hasUnknown(x as Value)));

describe("create", () => {
  const config = instance({
    application_id: APP,
    instance_name: "shop",
    parameters: { "input.app-fork": "dev" },
  });

  it("launches once with the configured settings and waits for Running", async () => {
    const running = status({
      parameters: { "input.app-fork": "dev", "input.db-size": "small" },
      returnValues: { url: "http://x", n: 3 },
    });
    const h = await configuredProvider({
      launch: [{ id: ID }],
      statuses: [status({ status: "Requested" }), status({ status: "Executing" }), running],
    });
    const res = await apply(h, null, createPlan(config), config);
    expect(res.diagnostics).toEqual([]);
    expect(h.client.callsOf("launch")).toEqual([
      {
        method: "launch",
        args: [APP, { parameters: { "input.app-fork": "dev" }, instanceName: "shop", destroyInterval: -1 }],
      },
    ]);
    expect(h.waits.map((w) => w.durationKey)).toEqual([`create ${APP}`]);
    const state = obj(res.newState);
    expect(hasUnknown(res.newState)).toBe(false);
    expect(state).toMatchObject({
      id: ID,
      status: "Running",
      environment_id: ENV,
      manifest_version: 1,
      parameters: { "input.app-fork": "dev" },
      // stored without what the configuration sets (issue 38); the model has them all
      effective_parameters: { "input.db-size": "small" },
      return_values: { url: "http://x", n: "3" },
    });
    expect(decodeInstance(state).effectiveParameters).toEqual({
      "input.app-fork": "dev",
      "input.db-size": "small",
    });
    expect(h.logs.some((l) => l.includes("waiting for instance") && l.includes("Executing"))).toBe(true);
  });

  it("returns the new id with an error when the instance ends Failed, so terraform taints it", async () => {
    const h = await configuredProvider({
      launch: [{ id: ID }],
      statuses: [status({ status: "Executing" }), status({ status: "Failed", errorMessage: "disk full" })],
    });
    const res = await apply(h, null, createPlan(config), config);
    expect(obj(res.newState)).toMatchObject({ id: ID, status: "Failed" });
    expect(hasUnknown(res.newState)).toBe(false);
    expect(res.diagnostics).toHaveLength(1);
    expect(res.diagnostics[0].severity).toBe("error");
    expect(res.diagnostics[0].detail).toContain("disk full");
    expect(res.diagnostics[0].detail).toContain("tainted");
  });

  it("returns the new id with an error when the create timeout runs out, saying how to keep the instance", async () => {
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [status({ status: "Executing" })] });
    const timed = { ...config, timeouts: { create: "45s", update: null, delete: null } };
    const res = await apply(h, null, createPlan(timed), timed);
    expect(obj(res.newState)).toMatchObject({ id: ID, status: "Executing" });
    expect(res.diagnostics[0].detail).toMatch(/did not reach the expected state within 45 s/);
    expect(res.diagnostics[0].detail).toContain("terraform untaint ADDRESS");
  });

  it("warns once a minute, with the last error, while the service does not answer during a wait", async () => {
    const down = err.unavailable();
    const h = await configuredProvider({
      launch: [{ id: ID }],
      statuses: [...Array.from({ length: 40 }, () => down), status()],
    });
    const res = await apply(h, null, createPlan(config), config);
    // 4 minutes of silence, under unreachable_timeout's 5: the wait went on, and terraform's output says so.
    expect(res.diagnostics.map((d) => [d.severity, d.summary])).toEqual([
      ["warning", `Instance ${ID}: the service was unreachable for a while`],
    ]);
    expect(res.diagnostics[0].detail).toMatch(
      /did not answer the status polls for up to 4m\d+s during the wait/,
    );
    const warnings = h.logs.filter((l) => l.includes("the service did not answer"));
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    expect(warnings.length).toBeLessThan(40);
    expect(warnings[0]).toContain(down.message);
  });

  it("returns the new id with an error when terraform stops the provider mid-wait", async () => {
    let stop: () => Promise<void> = async () => undefined;
    const h = await configuredProvider({
      launch: [{ id: ID }],
      statuses: [
        async () => {
          await stop();
          return status({ status: "Executing" });
        },
      ],
    });
    stop = () => h.provider.stop();
    const res = await apply(h, null, createPlan(config), config);
    expect(obj(res.newState).id).toBe(ID);
    expect(res.diagnostics[0].detail).toContain("aborted");
  });

  it("keeps the new id when terraform stops the provider while the launch is in flight", async () => {
    let stop: () => Promise<void> = async () => undefined;
    const h = await configuredProvider({
      launch: [
        async () => {
          await stop();
          return { id: ID };
        },
      ],
      statuses: [status({ status: "Executing" })],
    });
    stop = () => h.provider.stop();
    const res = await apply(h, null, createPlan(config), config);
    expect(obj(res.newState).id).toBe(ID);
    expect(res.diagnostics[0].severity).toBe("error");
  });

  it("launches nothing once terraform has stopped the provider", async () => {
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [status()] });
    await h.provider.stop();
    const res = await apply(h, null, createPlan(config), config);
    expect(h.client.callsOf("launch")).toEqual([]);
    expect(res.newState).toBeNull();
    expect(res.diagnostics[0].detail).toContain("StopProvider");
  });

  it("after a lost launch answer, finds the instance by name instead of launching again", async () => {
    let launched = false;
    const other = status({ id: "6a00000000000000000000ff", name: "other" });
    const h = await configuredProvider({
      launch: [
        () => {
          launched = true;
          throw err.outcomeUnknown();
        },
      ],
      instances: () => (launched ? [other, status({ name: "shop" })] : [other]),
      statuses: [status()],
    });
    const res = await apply(h, null, createPlan(config), config);
    expect(res.diagnostics).toEqual([]);
    expect(h.client.callsOf("launch")).toHaveLength(1);
    // noted before the launch, read again after the lost answer; the default environment is the one searched
    expect(h.client.callsOf("listApplicationInstances")).toHaveLength(2);
    expect(obj(res.newState).id).toBe(ID);
  });

  it("after a lost launch answer, never adopts an older instance that shares the name", async () => {
    const older = status({ id: "6a00000000000000000000ee", name: "shop" });
    const h = await configuredProvider({ launch: [err.outcomeUnknown()], instances: [older] });
    const res = await apply(h, null, createPlan(config), config);
    expect(res.newState).toBeNull();
    expect(h.client.callsOf("launch")).toHaveLength(1);
    expect(res.diagnostics[0].detail).toContain('no new instance named "shop"');
    expect(res.diagnostics[0].detail).toContain("Apply again");
  });

  it("after a lost launch answer, adopts none of two new same-name instances and lists them", async () => {
    let launched = false;
    const h = await configuredProvider({
      launch: [
        () => {
          launched = true;
          throw err.outcomeUnknown();
        },
      ],
      instances: () =>
        launched ? [status({ name: "shop" }), status({ id: "6a00000000000000000000ee", name: "shop" })] : [],
    });
    const res = await apply(h, null, createPlan(config), config);
    expect(res.newState).toBeNull();
    expect(res.diagnostics[0].detail).toContain(`${ID}, 6a00000000000000000000ee`);
    expect(res.diagnostics[0].detail).toContain("import it by its instance id");
  });

  it("sends auto_destroy_after as destroyInterval in milliseconds", async () => {
    const lived = { ...config, auto_destroy_after: "8h" };
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [status()] });
    const res = await apply(h, null, createPlan(lived), lived);
    expect(res.diagnostics).toEqual([]);
    const [, request] = h.client.callsOf("launch")[0].args as [string, { destroyInterval: number }];
    expect(request.destroyInterval).toBe(8 * 3_600_000);
  });

  it.each(["Canceled", "Suspended"] as const)(
    "stops waiting at once when the launch is %s, with the id in state (tainted) and what to do",
    async (stopped) => {
      const h = await configuredProvider({
        launch: [{ id: ID }],
        statuses: [status({ status: "Executing" }), status({ status: stopped })],
      });
      const res = await apply(h, null, createPlan(config), config);
      expect(obj(res.newState)).toMatchObject({ id: ID, status: stopped });
      expect(res.diagnostics[0].detail).toContain(`is ${stopped} in the service`);
      expect(res.diagnostics[0].detail).toContain("tainted");
      expect(h.client.callsOf("getInstance")).toHaveLength(2);
    },
  );

  it("gives the launch the create deadline; the client resends it only while the service refuses it (429)", async () => {
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [status()] });
    const before = Date.now();
    const res = await apply(h, null, createPlan(config), config);
    expect(res.diagnostics).toEqual([]);
    const [options] = h.client.optionsOf("launch");
    // 30m, the default create timeout
    expect(options.deadline).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(options.signal).toBeUndefined();
    expect(options.pauseSignal).toBeInstanceOf(AbortSignal);
  });

  it("reports a launch the service kept refusing (429), with nothing in state", async () => {
    const h = await configuredProvider({ launch: [err.rateLimited(1)] });
    const res = await apply(h, null, createPlan(config), config);
    expect(res.newState).toBeNull();
    expect(h.client.callsOf("launch")).toHaveLength(1);
    expect(res.diagnostics[0].summary).toBe(`Launch of application ${APP} failed`);
    expect(res.diagnostics[0].detail).toContain("too many requests");
  });

  it("after a lost launch answer without instance_name, reports the unknown outcome and how to import", async () => {
    const unnamed = instance({ application_id: APP });
    const h = await configuredProvider({ launch: [err.outcomeUnknown()] });
    const res = await apply(h, null, createPlan(unnamed), unnamed);
    expect(res.newState).toBeNull();
    expect(h.client.callsOf("launch")).toHaveLength(1);
    expect(res.diagnostics[0].summary).toContain("unknown");
    expect(res.diagnostics[0].detail).toContain("terraform import");
  });
});

describe("update", () => {
  const before = instance({
    application_id: APP,
    instance_name: "shop",
    parameters: { "input.app-fork": "dev", "input.db-size": "small" },
  });
  const prior = stateOf(before);
  const config = instance({
    application_id: APP,
    instance_name: "shop",
    revision_id: REV,
    manifest_version: 2,
    parameters: { "input.app-fork": "main", "input.db-size": "large" },
    submodules: {
      db: { revision_id: null, manifest_version: 1, parameters: { "input.engine": "postgres-16" } },
    },
  });
  const planned = {
    ...config,
    id: ID,
    environment_id: ENV,
    status: UNKNOWN,
    effective_parameters: UNKNOWN,
    return_values: UNKNOWN,
  };
  const done = status({
    version: 2,
    revision: REV,
    parameters: { "input.app-fork": "main", "input.db-size": "large", "input.replicas": "1" },
    submodules: {
      db: {
        manifestVersion: 1,
        revision: null,
        parameters: { "input.size": "large", "input.engine": "postgres-16" },
      },
    },
  });

  it("records the service's actual values and submodule values, whatever the plan predicted", async () => {
    const h = await configuredProvider({ reconfigure: [{ id: ID }], statuses: [done] });
    const predicted = { ...planned, effective_parameters: { "input.app-fork": "main" } };
    const res = await apply(h, prior, predicted, config);
    expect(res.diagnostics).toEqual([]);
    // a wrong prediction surfaces as terraform's inconsistent-result error, never as a wrong state
    const state = decodeInstance(obj(res.newState));
    expect(state.effectiveParameters).toEqual(done.parameters);
    expect(state.effectiveSubmodules).toEqual({
      db: { "input.size": "large", "input.engine": "postgres-16" },
    });
  });

  it("sends one reconfigure with the complete desired configuration and waits until the values are visible", async () => {
    const h = await configuredProvider({
      reconfigure: [{ id: ID }],
      statuses: [
        status({ status: "Executing", workflow: { name: "reconfigure", status: "Running" } }),
        status(),
        done,
      ],
    });
    const res = await apply(h, prior, planned, config);
    expect(res.diagnostics).toEqual([]);
    expect(h.client.callsOf("reconfigure")).toEqual([
      {
        method: "reconfigure",
        args: [
          ID,
          {
            parameters: { "input.app-fork": "main", "input.db-size": "large" },
            revisionId: REV,
            manifestVersion: 2,
            submodules: { db: { manifestVersion: 1, parameters: { "input.engine": "postgres-16" } } },
          },
        ],
      },
    ]);
    // the stale Running status (old values) did not end the wait
    expect(h.client.callsOf("getInstance")).toHaveLength(3);
    expect(h.waits.map((w) => w.durationKey)).toEqual([`update ${APP}`]);
    expect(obj(res.newState)).toMatchObject({ status: "Running", manifest_version: 2 });
    expect(decodeInstance(obj(res.newState)).effectiveParameters).toEqual(done.parameters);
  });

  it("gives the reconfigure the update deadline, until which the client resends it while the instance is busy (409)", async () => {
    const h = await configuredProvider({ reconfigure: [{ id: ID }], statuses: [done] });
    const before = Date.now();
    const res = await apply(h, prior, planned, config);
    expect(res.diagnostics).toEqual([]);
    const [options] = h.client.optionsOf("reconfigure");
    expect(options.deadline).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(options.signal).toBeInstanceOf(AbortSignal);
  });

  it("reports a 409 that outlasted the update timeout, keeping the prior state", async () => {
    const h = await configuredProvider({ reconfigure: [err.conflict()], statuses: [status()] });
    const quick = { ...config, timeouts: { create: null, update: "50ms", delete: null } };
    const res = await apply(h, prior, { ...planned, timeouts: quick.timeouts }, quick);
    expect(res.newState).toEqual(prior);
    expect(res.diagnostics[0].detail).toContain("still busy");
  });

  it("makes no call when only local attributes change", async () => {
    const h = await configuredProvider({});
    const next = { ...before, timeouts: { create: null, update: "1h", delete: null } };
    const res = await apply(h, prior, { ...prior, timeouts: next.timeouts }, next);
    expect(res.diagnostics).toEqual([]);
    expect(h.client.calls).toEqual([]);
    expect(obj(res.newState).timeouts).toEqual(next.timeouts);
  });

  it("makes no call when the manifest proves the reconfigure would leave every value as it is", async () => {
    // imported: the state lists every actual value; the configuration relies on the defaults instead,
    // and keeps the free submodule value (db's size is bound to input.db-size)
    const submodules = {
      db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-15" } },
    };
    const imported = stateOf({
      ...before,
      parameters: { "input.app-fork": "master", "input.db-size": "small" },
      submodules,
    });
    const next = {
      ...before,
      parameters: { "input.app-fork": "master" },
      submodules,
      manifest: WEBSHOP_MANIFEST,
    };
    const h = await configuredProvider({});
    const res = await apply(
      h,
      imported,
      { ...imported, parameters: next.parameters, manifest: next.manifest },
      next,
    );
    expect(res.diagnostics).toEqual([]);
    expect(h.client.calls).toEqual([]);
    expect(obj(res.newState)).toMatchObject({ parameters: next.parameters, status: "Running" });
  });
});

describe("read", () => {
  const prior = stateOf(
    instance({ application_id: APP, instance_name: "shop", parameters: { "input.app-fork": "dev" } }),
  );
  const read = (
    h: Awaited<ReturnType<typeof configuredProvider>>,
    currentState: Value,
    priv = Buffer.alloc(0),
  ) => h.provider.readResource({ typeName: "appmgmt_instance", currentState, private: priv });

  it("refreshes managed parameters from actual values, so out-of-band changes show as drift", async () => {
    const h = await configuredProvider({
      statuses: [
        status({
          parameters: { "input.app-fork": "hotfix", "input.db-size": "large" },
          returnValues: { ok: true },
        }),
      ],
    });
    const res = await read(h, prior);
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.newState)).toMatchObject({
      parameters: { "input.app-fork": "hotfix" },
      return_values: { ok: "true" },
      status: "Running",
    });
    expect(decodeInstance(obj(res.newState)).effectiveParameters).toEqual({
      "input.app-fork": "hotfix",
      "input.db-size": "large",
    });
  });

  it("removes the resource when the instance is gone or Destroyed", async () => {
    const gone = await configuredProvider({ statuses: [err.notFound()] });
    expect((await read(gone, prior)).newState).toBeNull();
    const destroyed = await configuredProvider({ statuses: [status({ status: "Destroyed" })] });
    expect((await read(destroyed, prior)).newState).toBeNull();
  });

  it("imports by id, then reads every actual value", async () => {
    const h = await configuredProvider({ statuses: [status({ revision: REV })] });
    const imported = await h.provider.importResourceState({ typeName: "appmgmt_instance", id: ID });
    expect(imported.diagnostics).toEqual([]);
    const [res] = imported.importedResources;
    expect(obj(res.state).id).toBe(ID);
    const read1 = await read(h, res.state, res.private);
    expect(obj(read1.newState)).toMatchObject({
      application_id: APP,
      instance_name: "shop",
      revision_id: REV,
      parameters: { "input.app-fork": "master", "input.db-size": "small" },
    });
    const bad = await h.provider.importResourceState({ typeName: "appmgmt_instance", id: "shop" });
    expect(bad.diagnostics[0].detail).toContain("24-character");
  });
});

describe("delete", () => {
  const prior = stateOf(instance({ application_id: APP }));

  it("destroys and waits for Destroyed", async () => {
    const h = await configuredProvider({
      destroy: [{ id: ID }],
      statuses: [status(), status({ status: "Destroying" }), status({ status: "Destroyed" })],
    });
    const res = await apply(h, prior, null, null);
    expect(res).toEqual({ newState: null, diagnostics: [] });
    expect(h.client.callsOf("destroy")).toHaveLength(1);
    // Poll timing is learnt per workflow kind and application: a destroy is not timed like a launch.
    expect(h.waits.map((w) => w.durationKey)).toEqual([`delete ${APP}`]);
  });

  it("an unknown status word never ends the destroy wait: one warning naming it, then the timeout names it too", async () => {
    const paused = status({ status: "Paused" as InstanceStatus["status"] });
    const h = await configuredProvider({ destroy: [{ id: ID }], statuses: [status(), paused] });
    const res = await apply(h, prior, null, null);
    expect(res.newState).toEqual(prior);
    expect(res.diagnostics[0].detail).toContain("last status Paused (a status this client does not know)");
    const warnings = h.logs.map((l) => JSON.parse(l) as { "@level": string; "@message": string });
    expect(
      warnings.filter((l) => l["@level"] === "warn" && l["@message"].includes('reports status "Paused"')),
    ).toHaveLength(1);
  });

  it("an Unknown as long as unreachable_timeout stops the destroy wait as an outage does", async () => {
    const unknown = status({ status: "Unknown" });
    const h = await configuredProvider({ destroy: [{ id: ID }], statuses: [status(), unknown] });
    const res = await apply(h, prior, null, null);
    expect(res.newState).toEqual(prior);
    expect(res.diagnostics[0].detail).toMatch(
      /^the service did not answer any status poll for 5m\w* \(unreachable_timeout 5m; last poll: the status read answered "Unknown"\), so the wait stopped/,
    );
  });

  it("counts 404 and an already Destroyed instance as done", async () => {
    const missing = await configuredProvider({ statuses: [err.notFound()] });
    expect(await apply(missing, prior, null, null)).toEqual({ newState: null, diagnostics: [] });
    const destroyed = await configuredProvider({ statuses: [status({ status: "Destroyed" })] });
    expect(await apply(destroyed, prior, null, null)).toEqual({ newState: null, diagnostics: [] });
    expect(destroyed.client.callsOf("destroy")).toEqual([]);
    const racing = await configuredProvider({ statuses: [status()], destroy: [err.notFound()] });
    expect(await apply(racing, prior, null, null)).toEqual({ newState: null, diagnostics: [] });
  });
});
