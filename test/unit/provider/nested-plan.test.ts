// The plan of an instance with nested submodules (issue 19, item 4): a bound nested parameter is an error on
// submodules["db/replica"] naming the full path and the fix, a malformed key is refused without a
// manifest too, and the reset warning lists a nested value a reconfigure leaves out.
import type { ValueObject } from "../../../src/terraform-model";
import { createProvider } from "../../../src/provider";
import { NESTED_STATUS, stackManifest } from "../../helpers/nested-apps";
import { APP, instance, stateOf, status } from "./fakes";

const provider = createProvider({ env: {} });
const MANIFEST = stackManifest("5f00000000000000000000c1", "5f00000000000000000000c2");
const sub = (parameters: Record<string, string>): ValueObject => ({
  revision_id: null,
  manifest_version: null,
  parameters,
});

function planCreate(config: ValueObject) {
  return provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState: null,
    proposedNewState: config,
    config,
    priorPrivate: Buffer.alloc(0),
  });
}

describe("plan with nested submodules", () => {
  it("refuses a bound nested parameter at its attribute path, naming the key and the fix", async () => {
    const res = await planCreate(
      instance({
        application_id: APP,
        manifest: MANIFEST,
        submodules: { "db/replica": sub({ "input.size": "large", "input.lag": "1s" }) },
      }),
    );
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        // terraform is shown the map key (renderablePath); the detail names the full path and the fix
        attribute: [{ attr: "submodules" }, { key: "db/replica" }],
        detail: expect.stringMatching(
          /^submodules\['db\/replica'\]\.parameters\['input\.size'\]: .* Fix: set submodules\.db\.parameters\['input\.replica-size'\] instead$/,
        ) as unknown as string,
      }),
    ]);
  });

  it("refuses a key that is no path of component names, even without a manifest", async () => {
    const res = await planCreate(instance({ application_id: APP, submodules: { "/db": sub({}) } }));
    expect(res.diagnostics.map((d) => [d.attribute, d.detail])).toEqual([
      [
        [{ attr: "submodules" }, { key: "/db" }],
        "submodules['/db']: submodule key '/db' is not a path of component names separated by '/'. Fix: write submodules.db",
      ],
    ]);
  });

  it("warns that a reconfigure leaving out a nested value may reset it", async () => {
    const config = instance({
      application_id: APP,
      manifest: MANIFEST,
      parameters: { "input.app-fork": "main" },
      submodules: { db: sub({ "input.replica-size": "small" }) },
    });
    const actual = status(NESTED_STATUS);
    const prior = stateOf({ ...config, parameters: { "input.app-fork": "master" } }, actual);
    const proposed: ValueObject = {
      ...config,
      id: prior.id,
      status: prior.status,
      effective_parameters: prior.effective_parameters,
      effective_submodules: prior.effective_submodules,
      return_values: {},
    };
    for (const a of ["instance_name", "environment_id", "manifest_version"]) proposed[a] = prior[a];
    const res = await provider.planResourceChange({
      typeName: "appmgmt_instance",
      priorState: prior,
      proposedNewState: proposed,
      config,
      priorPrivate: Buffer.alloc(0),
    });
    const warnings = res.diagnostics.filter((d) => d.severity === "warning");
    expect(warnings.map((w) => w.summary)).toContain(
      "1 value not in the configuration may be reset to its default",
    );
    expect(warnings.map((w) => w.detail).join("\n")).toContain(
      'submodules["db/replica"].parameters["input.lag"] = "5s"',
    );
  });
});
