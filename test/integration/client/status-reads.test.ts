// What a status read costs (issue 26 item 6), client ↔ simulator over HTTP, counted by the simulator: the
// instance's own status is one call, each submodule read one more, and only those asked for (with their
// parents, through which nested ones are found); a wait polls the instance's own status and reads its
// submodules once, on the status that settles it.
import { waitForInstance } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { createNestedApps } from "../../helpers/nested-apps";
import { statusReads } from "../../helpers/simulator";
import { FAST_POLLS, launched, settled, startHarness, type Harness } from "./setup";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.svc.sim.statusLag.set(0));

const readsOf = (id: string, since: number) => statusReads(h.svc.sim, id, since);

describe("a wait", () => {
  it("polls the instance's own status and reads its submodule once, when the workflow settles", async () => {
    const before = await launched(h.client, { destroyInterval: -1 });
    const db = before.components[0].id;
    // the next 3 reads show the status from before the reconfigure: the wait polls at least 4 times
    h.svc.sim.statusLag.set(3);
    await h.client.reconfigure(before.id, {
      submodules: { db: { parameters: { "input.engine": "pg-17" } } },
    });
    const since = h.svc.sim.stats.requestCount;
    const s = await waitForInstance(h.client, before.id, {
      until: (x) => x.status === "Running" && x.submodules.db?.parameters["input.engine"] === "pg-17",
      startedAfter: before.workflowHistory.length,
      timeoutMs: 5000,
      schedule: FAST_POLLS,
    });
    expect(s.submodules.db.parameters["input.engine"]).toBe("pg-17");
    expect(readsOf(before.id, since)).toBeGreaterThanOrEqual(4);
    expect(readsOf(db, since)).toBe(1);
  });

  it("reads no submodule when told the instance's own status is enough (a destroy)", async () => {
    const before = await launched(h.client, { destroyInterval: -1 });
    await h.client.destroy(before.id);
    const since = h.svc.sim.stats.requestCount;
    const s = await waitForInstance(h.client, before.id, {
      until: (x) => x.status === "Destroyed",
      startedAfter: before.workflowHistory.length,
      timeoutMs: 5000,
      schedule: FAST_POLLS,
      readSubmodules: false,
    });
    expect(s.status).toBe("Destroyed");
    expect(readsOf(before.components[0].id, since)).toBe(0);
  });
});

describe("readSubmodules", () => {
  it("reads the submodules asked for, and the parents of nested ones, one call each", async () => {
    const apps = await createNestedApps(h.client, DEMO.organizationId);
    const { id } = await h.client.launch(apps.stackId, {
      destroyInterval: -1,
      parameters: { "input.db-engine": "postgres-16" },
      submodules: { db: { submodules: { replica: { parameters: { "input.lag": "1s" } } } } },
    });
    await settled(h.client, id);
    const top = await h.client.getInstanceStatus(id);
    expect(top.components.map((c) => c.name)).toEqual(["db"]);
    expect(top.submodules).toEqual({});

    let since = h.svc.sim.stats.requestCount;
    expect((await h.client.readSubmodules(top, new Set())).submodules).toEqual({});
    expect(h.svc.sim.stats.requestCount).toBe(since);

    since = h.svc.sim.stats.requestCount;
    const db = await h.client.readSubmodules(top, new Set(["db"]));
    expect(Object.keys(db.submodules)).toEqual(["db"]);
    expect(h.svc.sim.stats.requestCount - since).toBe(1);

    since = h.svc.sim.stats.requestCount;
    const replica = await h.client.readSubmodules(top, new Set(["db/replica"]));
    expect(replica.submodules["db/replica"].parameters["input.lag"]).toBe("1s");
    expect(Object.keys(replica.submodules).sort()).toEqual(["db", "db/replica"]);
    expect(h.svc.sim.stats.requestCount - since).toBe(2);
  });
});
