// Nested submodules over loopback HTTP (issue 19, item 4): the simulator launches a two-level hierarchy
// (stack → db → replica) with an instance at every level, lists each level's submodules as `components`,
// reconfigures a nested value, refuses a bound nested one naming the key and the fix, and destroys it all.
import { BadRequestError, type AppMgmtClient } from "../../../src/client";
import { createNestedApps, stackManifest, type NestedApps } from "../../helpers/nested-apps";
import { DEMO, demoSeed, validateSeed } from "../../../src/simulator";
import { settled, startHarness, type Harness } from "../client/setup";
import { call } from "./http";

let h: Harness;
let client: AppMgmtClient;
let apps: NestedApps;
beforeAll(async () => {
  h = await startHarness();
  client = h.client;
  apps = await createNestedApps(client, DEMO.organizationId);
});
afterAll(() => h.close());

type Status = {
  id: string;
  applicationId: string;
  parameters: Record<string, string>;
  components: { id: string; name: string }[];
};

async function rawStatus(id: string): Promise<Status> {
  const res = await call(h.svc.url, "GET", `/api/1/instances/${id}`);
  expect(res.status).toBe(200);
  return res.body as Status;
}

describe("a two-level hierarchy", () => {
  it("launches, lists components at each level, reconfigures a nested value and destroys the whole", async () => {
    const { id } = await client.launch(apps.stackId, {
      parameters: { "input.db-engine": "postgres-16" },
      submodules: {
        db: {
          parameters: { "input.replica-size": "large" },
          submodules: { replica: { parameters: { "input.lag": "1s" } } },
        },
      },
    });
    await settled(client, id);

    const top = await rawStatus(id);
    expect(top.components.map((c) => c.name)).toEqual(["db"]);
    const db = await rawStatus(top.components[0].id);
    expect(db.applicationId).toBe(apps.clusterId);
    expect(db.parameters).toEqual({ "input.engine": "postgres-16", "input.replica-size": "large" });
    expect(db.components.map((c) => c.name)).toEqual(["replica"]);
    const replica = await rawStatus(db.components[0].id);
    expect(replica.applicationId).toBe(apps.replicaId);
    // size follows db's pin replica-size; lag is the value sent
    expect(replica.parameters).toEqual({ "input.size": "large", "input.lag": "1s" });
    expect(replica.components).toEqual([]);

    await client.reconfigure(id, {
      parameters: { "input.db-engine": "postgres-16" },
      submodules: {
        db: {
          parameters: { "input.replica-size": "large" },
          submodules: { replica: { parameters: { "input.lag": "30s" } } },
        },
      },
    });
    const after = await settled(client, id);
    expect(after.submodules["db/replica"].parameters).toEqual({ "input.size": "large", "input.lag": "30s" });
    // the grandchild keeps its instance id
    expect((await rawStatus(db.components[0].id)).parameters["input.lag"]).toBe("30s");

    // the reset rule at the second level: left out, lag returns to the replica application's default
    await client.reconfigure(id, { parameters: { "input.db-engine": "postgres-16" } });
    const reset = await settled(client, id);
    expect(reset.submodules["db/replica"].parameters).toEqual({ "input.size": "small", "input.lag": "10s" });

    // a submodule instance at any level is run by its top-level instance
    const refused = await call(h.svc.url, "POST", `/api/1/instances/${db.components[0].id}/destroy`, {
      body: {},
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(`is a submodule (db/replica) of instance ${id}`);

    await client.destroy(id);
    expect((await settled(client, id)).status).toBe("Destroyed");
  });

  it("refuses a bound nested parameter with 400 naming the key and where to set it", async () => {
    const launch = client.launch(apps.stackId, {
      submodules: { db: { submodules: { replica: { parameters: { "input.size": "large" } } } } },
    });
    await expect(launch).rejects.toThrow(BadRequestError);
    await expect(launch).rejects.toThrow(
      "submodules['db/replica'].parameters['input.size']: input.size of submodule db/replica is bound to " +
        "submodules.db.parameters['input.replica-size']",
    );
    await expect(launch).rejects.toThrow("Fix: set submodules.db.parameters['input.replica-size'] instead");
  });

  it("refuses a path key on the wire: nested settings travel nested", async () => {
    const res = await call(h.svc.url, "POST", `/api/1/applications/${apps.stackId}/launch`, {
      body: { submodules: { "db/replica": { parameters: { "input.lag": "1s" } } } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      "submodules.db/replica: a submodule's own submodules are nested in its entry, not named by a path; " +
        "write submodules.db.submodules.replica",
    );
  });
});

describe("each application's own manifest declares its hierarchy (issue 27 item 6)", () => {
  it("launches a parent that restates none of its submodule's components, resolving them from db's application", async () => {
    const { id: flatId } = await client.createApplication(DEMO.organizationId, { name: "flat-stack" });
    const full = stackManifest(apps.clusterId, apps.replicaId);
    const withoutReplica = full
      .slice(0, full.indexOf("      components:\n        replica:"))
      .replace("bind(replica#input.size)", "configuration(string)");
    await expect(client.uploadManifest(flatId, withoutReplica)).resolves.toEqual({ version: 1 });

    const { id } = await client.launch(flatId, {
      submodules: {
        db: {
          parameters: { "input.replica-size": "large" },
          submodules: { replica: { parameters: { "input.lag": "1s" } } },
        },
      },
    });
    const running = await settled(client, id);
    // size follows db's pin replica-size, which pg-cluster's own manifest binds
    expect(running.submodules["db/replica"].parameters).toEqual({ "input.size": "large", "input.lag": "1s" });
    // the binding rule holds at the level only db's own manifest declares
    await expect(
      client.reconfigure(id, {
        submodules: { db: { submodules: { replica: { parameters: { "input.size": "huge" } } } } },
      }),
    ).rejects.toThrow(
      "submodules['db/replica'].parameters['input.size']: input.size of submodule db/replica is bound to " +
        "submodules.db.parameters['input.replica-size']",
    );
    await client.destroy(id);
    expect((await settled(client, id)).status).toBe("Destroyed");
  });

  it("refuses an upload whose restated components disagree with the referenced applications", async () => {
    const { id } = await client.createApplication(DEMO.organizationId, { name: "restated-stack" });
    const full = stackManifest(apps.clusterId, apps.replicaId);
    await expect(client.uploadManifest(id, stackManifest(apps.clusterId, apps.clusterId))).rejects.toThrow(
      `component db/replica: __locator.application-id "${apps.clusterId}", but application ${apps.clusterId} ` +
        `of component db declares it with "${apps.replicaId}"; use that id`,
    );
    await expect(client.uploadManifest(id, full)).resolves.toEqual({ version: 1 });
  });

  it("checks a seed the same way", () => {
    const seed = demoSeed();
    // webshop's db (postgres) declares no components, so a nested declaration under it is refused
    seed.organizations[0].applications[0].manifests["3"] = stackManifest(
      DEMO.postgresApplicationId,
      DEMO.postgresApplicationId,
    );
    expect(() => validateSeed(seed)).toThrow(
      `component db/replica: application ${DEMO.postgresApplicationId} of component db declares no component replica; remove it`,
    );
  });
});
