// Import of appmgmt_instance (issue 7, items 1 and 3): by instance id or ENVIRONMENT_ID/INSTANCE_NAME, and
// the first read after it takes every actual value, each submodule's settings and free parameters included.
import type { Value } from "../../../src/terraform-model";
import { APP, ENV, ID, REV, configuredProvider, obj, status } from "./fakes";

type Harness = Awaited<ReturnType<typeof configuredProvider>>;

const importState = (h: Harness, id: string) =>
  h.provider.importResourceState({ typeName: "appmgmt_instance", id });
const read = (h: Harness, currentState: Value, priv: Buffer) =>
  h.provider.readResource({ typeName: "appmgmt_instance", currentState, private: priv });

async function importAndRead(h: Harness, id: string) {
  const imported = await importState(h, id);
  expect(imported.diagnostics).toEqual([]);
  const [res] = imported.importedResources;
  const after = await read(h, res.state, res.private ?? Buffer.alloc(0));
  expect(after.diagnostics).toEqual([]);
  return obj(after.newState);
}

describe("import", () => {
  const launched = status({
    revision: REV,
    parameters: { "input.app-fork": "release-1", "input.db-size": "medium" },
    submodules: {
      db: {
        manifestVersion: 1,
        revision: null,
        // input.size is bound to input.db-size (so it mirrors its value); input.engine is free
        parameters: { "input.size": "medium", "input.engine": "postgres-16" },
      },
    },
  });

  it("takes each submodule's manifest version, revision and free parameters; bound ones stay out", async () => {
    const h = await configuredProvider({ statuses: [launched] });
    const state = await importAndRead(h, ID);
    expect(state).toMatchObject({
      id: ID,
      application_id: APP,
      revision_id: REV,
      parameters: { "input.app-fork": "release-1", "input.db-size": "medium" },
      submodules: {
        db: { revision_id: null, manifest_version: 1, parameters: { "input.engine": "postgres-16" } },
      },
    });
  });

  it("accepts ENVIRONMENT_ID/INSTANCE_NAME, looking the live instance up by name", async () => {
    const h = await configuredProvider({
      statuses: [launched],
      instances: [
        status({ id: "6a00000000000000000000ff", name: "shop", status: "Destroyed" }),
        status({ id: ID, name: "shop" }),
        status({ id: "6a0000000000000000000002", name: "other" }),
      ],
    });
    const state = await importAndRead(h, `${ENV}/shop`);
    expect(state.id).toBe(ID);
    expect(h.client.callsOf("listInstances")).toEqual([{ method: "listInstances", args: [ENV] }]);
  });

  it("says why when no live instance (or more than one) has the name", async () => {
    const none = await configuredProvider({ instances: [status({ name: "other" })] });
    const missing = await importState(none, `${ENV}/shop`);
    expect(missing.importedResources).toEqual([]);
    expect(missing.diagnostics[0].detail).toContain(`environment ${ENV} has no instance named "shop"`);

    const two = await configuredProvider({
      instances: [status({ name: "shop" }), status({ id: "6a0000000000000000000002", name: "shop" })],
    });
    const ambiguous = await importState(two, `${ENV}/shop`);
    expect(ambiguous.diagnostics[0].detail).toContain("2 instances named");
    expect(ambiguous.diagnostics[0].detail).toContain("by its instance id");
  });

  it.each(["shop", "", "/shop", `${ENV}/`, "5F0000000000000000000E01/shop", "not-an-env/shop"])(
    "rejects the id %j, naming both accepted forms",
    async (id) => {
      const h = await configuredProvider({});
      const res = await importState(h, id);
      expect(res.importedResources).toEqual([]);
      expect(res.diagnostics).toEqual([
        expect.objectContaining({ severity: "error", summary: "Invalid import id" }),
      ]);
      expect(res.diagnostics[0].detail).toContain("24-character lowercase hexadecimal");
      expect(res.diagnostics[0].detail).toContain("ENVIRONMENT_ID/INSTANCE_NAME");
      expect(h.client.calls).toEqual([]);
    },
  );
});

describe("import of an application or environment", () => {
  it.each([
    ["appmgmt_application", "application"],
    ["appmgmt_environment", "environment"],
  ])(
    "%s refuses an id that is not the service's, naming the form, and calls nothing",
    async (typeName, kind) => {
      const h = await configuredProvider({});
      const res = await h.provider.importResourceState({ typeName, id: "Shop Prod" });
      expect(res.importedResources).toEqual([]);
      expect(res.diagnostics).toEqual([
        expect.objectContaining({
          severity: "error",
          summary: "Invalid import id",
          detail: `Import ${typeName} by its ${kind} id (a 24-character lowercase hexadecimal string); got "Shop Prod".`,
        }),
      ]);
      expect(h.client.calls).toEqual([]);
    },
  );
});
