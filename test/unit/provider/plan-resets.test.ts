// Reset warnings and exact effective_parameters (issue 7, item 2): the plan compares what the service
// reports now (prior effective values, actual submodule values in the private state) with what the
// reconfigure will produce, and warns about every value it changes that the configuration does not mention.
import type { InstanceStatus } from "../../../src/client/types";
import { isUnknown, type ValueObject } from "../../../src/protocol/model";
import { createProvider } from "../../../src/provider";
import { APP, REV, WEBSHOP_MANIFEST, instance, obj, stateOf, status } from "./fakes";

const provider = createProvider({ env: {} });

/** What the service reports: app-fork changed by hand earlier, db-size large, a non-default engine. */
const actual: InstanceStatus = status({
  parameters: { "input.app-fork": "dev", "input.db-size": "large" },
  submodules: {
    db: {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.size": "large", "input.engine": "postgres-16" },
    },
  },
});
/** The private state a read of `actual` leaves. */
const privateOf = (s: InstanceStatus) =>
  Buffer.from(
    JSON.stringify({
      submodules: Object.fromEntries(Object.entries(s.submodules).map(([k, v]) => [k, v.parameters])),
    }),
  );

function planUpdate(prior: ValueObject, config: ValueObject, priorPrivate = privateOf(actual)) {
  const proposed = { ...config };
  for (const a of ["id", "status", "effective_parameters", "return_values"]) proposed[a] = prior[a];
  for (const a of ["instance_name", "environment_id", "manifest_version"])
    if (config[a] === null) proposed[a] = prior[a];
  return provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState: prior,
    proposedNewState: proposed,
    config,
    priorPrivate,
  });
}

const warnings = (res: Awaited<ReturnType<typeof planUpdate>>) =>
  res.diagnostics.filter((d) => d.severity === "warning").map((d) => d.summary);

describe("reset warnings", () => {
  // The configuration only ever listed app-fork: db-size and engine were never in the state's parameters.
  const managed = instance({ application_id: APP, parameters: { "input.app-fork": "dev" } });
  const prior = stateOf(managed, actual);
  const next = instance({ application_id: APP, parameters: { "input.app-fork": "main" } });

  it("without a manifest, warn on each actual value the request does not list, submodules included", async () => {
    const res = await planUpdate(prior, next);
    expect(warnings(res)).toEqual([
      'parameters["input.db-size"] will be reset to its default',
      'submodules["db"].parameters["input.size"] will be reset to its default unless the manifest binds it',
      'submodules["db"].parameters["input.engine"] will be reset to its default',
    ]);
    const [dbSize, size, engine] = res.diagnostics;
    expect(dbSize.detail).toContain('"input.db-size" = "large"');
    expect(dbSize.attribute).toEqual([{ attr: "parameters" }]);
    expect(engine.detail).toContain('"input.engine" = "postgres-16"');
    expect(engine.attribute).toEqual([{ attr: "submodules" }]);
    // a value equal to a main parameter's may be bound: the warning says so and how to make it exact
    expect(size.detail).toContain('parameters["input.db-size"]');
    expect(size.detail).toContain("Set `manifest` so the plan can tell");
    expect(engine.detail).not.toContain("binds");
    expect(isUnknown(obj(res.plannedState).effective_parameters)).toBe(true);
  });

  it("with the manifest, plans effective_parameters exactly and warns only about values that change", async () => {
    const res = await planUpdate(prior, { ...next, manifest: WEBSHOP_MANIFEST });
    expect(obj(res.plannedState).effective_parameters).toEqual({
      "input.app-fork": "main",
      "input.db-size": "small",
    });
    // db.input.size is bound (it follows input.db-size, whose reset is shown), engine is free
    expect(warnings(res)).toEqual([
      'parameters["input.db-size"] will be reset to its default',
      'submodules["db"].parameters["input.engine"] will be reset to its default',
    ]);
    expect(res.diagnostics[0].detail).toContain('it becomes its default "small"');
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
    const res = await planUpdate(before, kept, privateOf(atDefaults));
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.plannedState).effective_parameters).toEqual({
      "input.app-fork": "main",
      "input.db-size": "small",
    });
  });

  it("keeps effective_parameters unknown when a revision or another manifest version decides them", async () => {
    const withRevision = await planUpdate(prior, { ...next, manifest: WEBSHOP_MANIFEST, revision_id: REV });
    expect(isUnknown(obj(withRevision.plannedState).effective_parameters)).toBe(true);
    expect(withRevision.diagnostics[0].detail).toContain("revision_id");
    // the instance runs a version with input.replicas, the manifest text is v1: not the running version
    const v2 = status({ version: 2, parameters: { ...actual.parameters, "input.replicas": "3" } });
    const res = await planUpdate(
      stateOf(managed, v2),
      { ...next, manifest: WEBSHOP_MANIFEST },
      privateOf(v2),
    );
    expect(isUnknown(obj(res.plannedState).effective_parameters)).toBe(true);
    expect(warnings(res)).toContain('parameters["input.replicas"] will be reset to its default');
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
    expect(obj(res.plannedState).effective_parameters).toEqual({
      "input.app-fork": "main",
      "input.db-size": "large",
    });
  });
});
