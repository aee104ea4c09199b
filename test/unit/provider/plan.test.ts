// Plan and validation logic of appmgmt_instance: unknowns on create, replacement paths, reset warnings,
// manifest findings with attribute paths.
import { isUnknown, UNKNOWN } from "../../../src/terraform-model";
import { createProvider } from "../../../src/provider";
import { APP, ENV, REV, WEBSHOP_MANIFEST, instance, obj, stateOf, status } from "./fakes";

const provider = createProvider({ env: {} });
const plan = (
  priorState: ReturnType<typeof instance> | null,
  config: ReturnType<typeof instance>,
  proposed = config,
) =>
  provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState,
    proposedNewState: proposed,
    config,
    priorPrivate: Buffer.alloc(0),
  });

/** What terraform proposes for an update: config, with optional+computed attributes taken from prior when unset. */
function proposedUpdate(prior: ReturnType<typeof instance>, config: ReturnType<typeof instance>) {
  const out = { ...config };
  for (const a of ["id", "status", "effective_parameters", "effective_submodules", "return_values"])
    out[a] = prior[a];
  for (const a of ["instance_name", "environment_id", "manifest_version"])
    if (config[a] === null) out[a] = prior[a];
  return out;
}

describe("plan on create", () => {
  it("marks computed and unset service-defaulted attributes unknown, keeps configured ones", async () => {
    const config = instance({
      application_id: APP,
      parameters: { "input.app-fork": "dev" },
      manifest_version: 2,
    });
    const res = await plan(null, config);
    expect(res.diagnostics).toEqual([]);
    expect(res.requiresReplace).toEqual([]);
    const planned = obj(res.plannedState);
    for (const a of [
      "id",
      "status",
      "effective_parameters",
      "return_values",
      "instance_name",
      "environment_id",
    ]) {
      expect(isUnknown(planned[a])).toBe(true);
    }
    expect(planned.manifest_version).toBe(2);
    expect(planned.parameters).toEqual({ "input.app-fork": "dev" });
    expect(planned.application_id).toBe(APP);
  });

  it("plans null when destroying", async () => {
    const prior = stateOf(instance({ application_id: APP }));
    const res = await plan(prior, instance(), null as never);
    expect(res.plannedState).toBeNull();
  });
});

describe("plan on update", () => {
  const config = instance({
    application_id: APP,
    instance_name: "shop",
    parameters: { "input.app-fork": "dev" },
    submodules: {
      db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-16" } },
    },
  });
  const prior = stateOf(config);

  it("changes nothing and replaces nothing when config equals state", async () => {
    const res = await plan(prior, config, proposedUpdate(prior, config));
    expect(res.diagnostics).toEqual([]);
    expect(res.requiresReplace).toEqual([]);
    expect(res.plannedState).toEqual(prior);
  });

  it("requires replacement for application_id and instance_name changes", async () => {
    const next = { ...config, application_id: "5f0000000000000000000a12", instance_name: "other" };
    const res = await plan(prior, next, proposedUpdate(prior, next));
    expect(res.requiresReplace).toEqual([[{ attr: "application_id" }], [{ attr: "instance_name" }]]);
  });

  it("requires replacement for environment_id only when configured and changed", async () => {
    const unset = { ...config, environment_id: null };
    expect((await plan(prior, unset, proposedUpdate(prior, unset))).requiresReplace).toEqual([]);
    const same = { ...config, environment_id: ENV };
    expect((await plan(prior, same, proposedUpdate(prior, same))).requiresReplace).toEqual([]);
    const moved = { ...config, environment_id: "5f0000000000000000000e02" };
    expect((await plan(prior, moved, proposedUpdate(prior, moved))).requiresReplace).toEqual([
      [{ attr: "environment_id" }],
    ]);
  });

  it("requires replacement when a submodule's revision_id changes", async () => {
    const next = {
      ...config,
      submodules: {
        db: { revision_id: REV, manifest_version: null, parameters: { "input.engine": "postgres-16" } },
      },
    };
    const res = await plan(prior, next, proposedUpdate(prior, next));
    expect(res.requiresReplace).toEqual([[{ attr: "submodules" }, { key: "db" }, { attr: "revision_id" }]]);
  });

  it("plans workflow outputs unknown when parameters change, and a new revision's manifest version", async () => {
    const next = { ...config, parameters: { "input.app-fork": "main" }, revision_id: REV };
    const res = await plan(prior, next, proposedUpdate(prior, next));
    const planned = obj(res.plannedState);
    expect(isUnknown(planned.status)).toBe(true);
    expect(isUnknown(planned.effective_parameters)).toBe(true);
    expect(isUnknown(planned.manifest_version)).toBe(true);
    expect(planned.id).toBe(prior.id);
    expect(planned.instance_name).toBe("shop");
  });

  it("keeps workflow outputs known when only local attributes (timeouts, manifest) change", async () => {
    const next = {
      ...config,
      timeouts: { create: null, update: "5m", delete: null },
      manifest: WEBSHOP_MANIFEST,
    };
    const res = await plan(prior, next, proposedUpdate(prior, next));
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.plannedState).status).toBe("Running");
  });

  it("warns, with the attribute path, about the removed parameters the reconfigure may reset", async () => {
    const before = stateOf(
      { ...config, parameters: { "input.app-fork": "dev", "input.db-size": "large" } },
      status({
        parameters: { "input.app-fork": "dev", "input.db-size": "large" },
        submodules: {
          db: { manifestVersion: 1, revision: null, parameters: { "input.engine": "postgres-16" } },
        },
      }),
    );
    const next = { ...config, submodules: null };
    const res = await plan(before, next, proposedUpdate(before, next));
    expect(res.requiresReplace).toEqual([]);
    // no manifest: the defaults are unknown, so one warning names them all instead of claiming resets
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: "2 values not in the configuration may be reset to their defaults",
        attribute: [{ attr: "parameters" }],
      }),
    ]);
    expect(res.diagnostics[0].detail).toContain('parameters["input.db-size"] = "large"');
    expect(res.diagnostics[0].detail).toContain(
      'submodules["db"].parameters["input.engine"] = "postgres-16"',
    );
  });
});

describe("manifest and parameter checks", () => {
  it("reports a bound submodule parameter at its path, with the fix", async () => {
    const config = instance({
      application_id: APP,
      manifest: WEBSHOP_MANIFEST,
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.size": "large" } },
      },
    });
    const res = await plan(null, config);
    expect(res.diagnostics).toHaveLength(1);
    expect(res.diagnostics[0]).toMatchObject({
      severity: "error",
      // terraform shows paths into nested attributes only down to the map key: the detail names the rest
      attribute: [{ attr: "submodules" }, { key: "db" }],
    });
    expect(res.diagnostics[0].detail).toContain("submodules.db.parameters['input.size']");
    expect(res.diagnostics[0].detail).toContain("input.db-size");
    expect(res.diagnostics[0].summary).toMatch(/ on launch$/);
    // the same finding at validate time, which cannot tell a launch from a reconfigure and names neither
    const validated = await provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
    expect(validated.diagnostics).toEqual([
      {
        ...res.diagnostics[0],
        summary: res.diagnostics[0].summary.replace(/ on launch$/, ""),
        detail: res.diagnostics[0].detail!.replace(/ on launch/, ""),
      },
    ]);
    expect(validated.diagnostics[0].detail).not.toMatch(/ on (launch|reconfigure)/);
  });

  it("names a reconfigure, not a launch, when an update sets a bound submodule parameter", async () => {
    const prior = stateOf(instance({ application_id: APP, manifest: WEBSHOP_MANIFEST }));
    const config = instance({
      application_id: APP,
      manifest: WEBSHOP_MANIFEST,
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.size": "large" } },
      },
    });
    const res = await plan(prior, config, proposedUpdate(prior, config));
    const errors = res.diagnostics.filter((d) => d.severity === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0].summary).toMatch(/cannot be set under submodules\.db\.parameters on reconfigure$/);
    expect(errors[0].detail).not.toContain("on launch");
  });

  it("reports an unknown main parameter with a suggestion", async () => {
    const config = instance({
      application_id: APP,
      manifest: WEBSHOP_MANIFEST,
      parameters: { "input.app-fok": "x" },
    });
    const res = await provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        attribute: [{ attr: "parameters" }, { key: "input.app-fok" }],
      }),
    ]);
    expect(res.diagnostics[0].detail).toContain("input.app-fork");
  });

  it("reports invalid manifest YAML on the manifest attribute", async () => {
    const config = instance({ application_id: APP, manifest: "application: [unclosed" });
    const res = await provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "Invalid application manifest",
        attribute: [{ attr: "manifest" }],
      }),
    ]);
  });

  it("reports a submodule's own manifest that does not parse on its key, naming the submodule", async () => {
    const config = instance({
      application_id: APP,
      manifest: WEBSHOP_MANIFEST,
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: null, manifest: "[unclosed" },
      },
    });
    const res = await provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "Invalid manifest of submodule db",
        // terraform points at the submodule's entry; the detail names the attribute
        attribute: [{ attr: "submodules" }, { key: "db" }],
        detail: expect.stringMatching(/^submodules\["db"\]\.manifest: invalid application manifest:/),
      }),
    ]);
  });

  it("checks parameter names without a manifest, and skips unknown values", async () => {
    const config = instance({
      application_id: APP,
      parameters: { "app-fork": "x", "input.ok": UNKNOWN },
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.bad name": "y" } },
      },
    });
    const res = await provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
    expect(res.diagnostics.map((d) => d.attribute)).toEqual([
      [{ attr: "parameters" }, { key: "app-fork" }],
      [{ attr: "submodules" }, { key: "db" }],
    ]);
    expect(res.diagnostics[1].summary).toBe(
      "parameter name 'input.bad name' is not of the form '<interface>.<pin>'",
    );
    expect(res.diagnostics[1].detail).toContain("submodules.db.parameters['input.bad name']");
    expect(res.diagnostics[0].detail).toContain("write parameters['input.app-fork']");
  });

  it("skips the manifest checks while the manifest is unknown", async () => {
    const config = instance({ application_id: APP, manifest: UNKNOWN, parameters: { nonsense: "x" } });
    expect(
      (await provider.validateResourceConfig({ typeName: "appmgmt_instance", config })).diagnostics,
    ).toEqual([]);
  });

  it("rejects malformed ids and durations at their paths", async () => {
    const config = instance({
      application_id: "webshop",
      timeouts: { create: "10 minutes", update: "1h30m", delete: null },
    });
    const res = await provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
    expect(res.diagnostics.map((d) => d.attribute)).toEqual([
      [{ attr: "application_id" }],
      [{ attr: "timeouts" }],
    ]);
    expect(res.diagnostics[1].detail).toContain('"30m"');
  });
});
