// Reset warnings and exact effective_parameters (issue 7, item 2; issue 20, items 7 and 8): the plan compares
// what the service reports now (prior effective values, effective_submodules) with
// what the reconfigure will produce, by the rules' reconfigureResets (which `appmgmt review` uses too): a
// warning per value it resets for certain, one warning per instance listing the values it may reset, and
// no reconfigure at all when the manifest proves it changes nothing.
import { isUnknown, type ValueObject } from "../../../src/terraform-model";
import { createProvider } from "../../../src/provider";
import { decodeInstance } from "../../../src/provider/instance/model";
import { APP, CHANGED_BY_HAND, REV, WEBSHOP_MANIFEST, instance, obj, stateOf, status } from "./fakes";

const provider = createProvider({ env: {} });

const actual = CHANGED_BY_HAND;
function planUpdate(prior: ValueObject, config: ValueObject) {
  const proposed = { ...config };
  for (const a of ["id", "status", "effective_parameters", "effective_submodules", "return_values"])
    proposed[a] = prior[a];
  for (const a of ["instance_name", "environment_id", "manifest_version"])
    if (config[a] === null) proposed[a] = prior[a];
  return provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState: prior,
    proposedNewState: proposed,
    config,
    priorPrivate: Buffer.alloc(0),
  });
}

const warnings = (res: Awaited<ReturnType<typeof planUpdate>>) =>
  res.diagnostics.filter((d) => d.severity === "warning").map((d) => d.summary);

describe("reset warnings", () => {
  // The configuration only ever listed app-fork: db-size and engine were never in the state's parameters.
  const managed = instance({ application_id: APP, parameters: { "input.app-fork": "dev" } });
  const prior = stateOf(managed, actual);
  const next = instance({ application_id: APP, parameters: { "input.app-fork": "main" } });

  it("without a manifest, claims no reset: one warning lists every unlisted value as one that may be reset", async () => {
    const res = await planUpdate(prior, next);
    // the defaults are unknown: a value already at its default would not change, so none is claimed
    expect(warnings(res)).toEqual(["3 values not in the configuration may be reset to their defaults"]);
    const [warning] = res.diagnostics;
    expect(warning.attribute).toEqual([{ attr: "parameters" }]);
    expect(warning.detail).toContain('parameters["input.db-size"] = "large"');
    expect(warning.detail).toContain('submodules["db"].parameters["input.engine"] = "postgres-16"');
    // a value equal to a main parameter's may be bound: it may follow that parameter instead
    expect(warning.detail).toContain(
      'submodules["db"].parameters["input.size"] = "large" (if the manifest binds it to parameters["input.db-size"], it follows that instead)',
    );
    expect(warning.detail).toContain("set `manifest` to make the plan exact");
    expect(isUnknown(obj(res.plannedState).effective_parameters)).toBe(true);
  });

  it("with the manifest, plans effective_parameters exactly and warns only about values that change", async () => {
    const res = await planUpdate(prior, { ...next, manifest: WEBSHOP_MANIFEST });
    expect(decodeInstance(obj(res.plannedState)).effectiveParameters).toEqual({
      "input.app-fork": "main",
      "input.db-size": "small",
    });
    // db.input.size is bound (it follows input.db-size, whose reset is shown); engine is free, and its
    // default lives in the submodule's own manifest: it may be reset
    expect(warnings(res)).toEqual([
      'parameters["input.db-size"] will be reset to its default',
      "1 value not in the configuration may be reset to its default",
    ]);
    expect(res.diagnostics[0].detail).toContain('it becomes its default "small"');
    expect(res.diagnostics[1].detail).toContain(
      'submodules["db"].parameters["input.engine"] = "postgres-16"',
    );
    expect(res.diagnostics[1].detail).toContain("submodule's defaults are in its own application's manifest");
    expect(res.diagnostics[1].detail).not.toContain("db-size");
  });

  it("with the manifest, lists nothing for values already at their default", async () => {
    const atDefaults = status({ parameters: { "input.app-fork": "dev", "input.db-size": "small" } });
    const before = stateOf(managed, atDefaults);
    const kept = {
      ...next,
      manifest: WEBSHOP_MANIFEST,
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-15" } },
      },
    };
    const res = await planUpdate(before, kept);
    expect(res.diagnostics).toEqual([]);
    expect(decodeInstance(obj(res.plannedState)).effectiveParameters).toEqual({
      "input.app-fork": "main",
      "input.db-size": "small",
    });
  });

  it("keeps effective_parameters unknown when a revision or another manifest version decides them", async () => {
    const withRevision = await planUpdate(prior, { ...next, manifest: WEBSHOP_MANIFEST, revision_id: REV });
    expect(isUnknown(obj(withRevision.plannedState).effective_parameters)).toBe(true);
    // db-size and the free engine (the bound size follows db-size)
    expect(warnings(withRevision)).toEqual([
      "2 values not in the configuration may be reset to their defaults",
    ]);
    expect(withRevision.diagnostics[0].detail).toContain("revision_id applies the revision's stored values");
    // the instance runs a version with input.replicas, the manifest text is v1: not the running version
    const v2 = status({ version: 2, parameters: { ...actual.parameters, "input.replicas": "3" } });
    const res = await planUpdate(stateOf(managed, v2), { ...next, manifest: WEBSHOP_MANIFEST });
    expect(isUnknown(obj(res.plannedState).effective_parameters)).toBe(true);
    expect(res.diagnostics[0].detail).toContain('parameters["input.replicas"] = "3"');
  });

  it("warns about nothing when the configuration lists every value", async () => {
    const all = instance({
      application_id: APP,
      parameters: { "input.app-fork": "main", "input.db-size": "large" },
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-16" } },
      },
      manifest: WEBSHOP_MANIFEST,
    });
    const res = await planUpdate(prior, all);
    expect(res.diagnostics).toEqual([]);
    expect(decodeInstance(obj(res.plannedState)).effectiveParameters).toEqual({
      "input.app-fork": "main",
      "input.db-size": "large",
    });
  });
});

describe("a reconfigure the manifest proves changes nothing (after an import)", () => {
  // An import takes every actual value into the state; the configuration then lists only what differs
  // from the defaults, and the free submodule value it keeps.
  const running = status({ parameters: { "input.app-fork": "release-1", "input.db-size": "small" } });
  const imported = instance({
    id: running.id,
    application_id: APP,
    instance_name: running.name,
    environment_id: running.environment,
    manifest_version: 1,
    parameters: { ...running.parameters },
    submodules: {
      db: { revision_id: null, manifest_version: 1, parameters: { "input.engine": "postgres-15" } },
    },
    status: "Running",
    effective_parameters: { ...running.parameters },
    effective_submodules: { db: { parameters: { ...running.submodules.db.parameters } } },
    return_values: {},
  });
  const relyingOnDefaults = instance({
    application_id: APP,
    parameters: { "input.app-fork": "release-1" },
    submodules: {
      db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-15" } },
    },
    manifest: WEBSHOP_MANIFEST,
  });

  it("plans no workflow: outputs stay known, nothing is reset", async () => {
    const res = await planUpdate(imported, relyingOnDefaults);
    expect(res.diagnostics).toEqual([]);
    const planned = obj(res.plannedState);
    expect(planned.status).toBe("Running");
    expect(decodeInstance(planned).effectiveParameters).toEqual(running.parameters);
    expect(planned.parameters).toEqual({ "input.app-fork": "release-1" });
  });

  it("still plans the reconfigure when a value changes, without the manifest, or when a value is not at its default", async () => {
    const unknownOutputs = async (config: ValueObject, s = running) =>
      isUnknown(obj((await planUpdate(stateOf(imported, s), config)).plannedState).status);
    expect(
      await unknownOutputs({ ...relyingOnDefaults, parameters: { "input.app-fork": "release-2" } }),
    ).toBe(true);
    expect(await unknownOutputs({ ...relyingOnDefaults, manifest: null })).toBe(true);
    const large = status({ parameters: { "input.app-fork": "release-1", "input.db-size": "large" } });
    expect(await unknownOutputs(relyingOnDefaults, large)).toBe(true);
    // the free submodule value left out: its default is not in the main manifest, so it may change
    expect(await unknownOutputs({ ...relyingOnDefaults, submodules: null })).toBe(true);
  });
});
