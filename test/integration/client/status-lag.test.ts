// Waits follow the workflow they started (issue 27 item 4), client ↔ simulator over HTTP: with the
// simulator's status lag, the reads right after a reconfigure, destroy or workflow run still show the status
// from before the call (a Failed from the last run, the history without the new run). A wait given the
// history's length before the call (startedAfter) ends on the new workflow's outcome; without it, the stale
// Failed ends the wait at once, as it did before.
import { waitForInstance, type AppMgmtClient, type InstanceStatus } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { FAST_POLLS, settled, startHarness, type Harness } from "./setup";

const LAG = 3;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  h.svc.sim.statusLag.set(0);
  h.svc.sim.failApplication(DEMO.webshopApplicationId, null);
});

/** A webshop instance whose launch ended Failed. */
async function failedInstance(client: AppMgmtClient): Promise<InstanceStatus> {
  h.svc.sim.failApplication(DEMO.webshopApplicationId, "disk full");
  const { id } = await client.launch(DEMO.webshopApplicationId, { destroyInterval: -1 });
  const s = await settled(client, id);
  expect(s.status).toBe("Failed");
  h.svc.sim.failApplication(DEMO.webshopApplicationId, null);
  return s;
}

function waitRunning(id: string, startedAfter?: number) {
  const statuses: string[] = [];
  const done = waitForInstance(h.client, id, {
    until: (s) => s.status === "Running",
    startedAfter,
    timeoutMs: 5000,
    schedule: FAST_POLLS,
    onProgress: (s) => statuses.push(s.status),
  });
  return { done, statuses };
}

describe("a wait after a reconfigure of a Failed instance, with status reads lagging", () => {
  it("skips the stale Failed and ends Running on the reconfigure it started", async () => {
    const before = await failedInstance(h.client);
    h.svc.sim.statusLag.set(LAG);
    await h.client.reconfigure(before.id, { parameters: { "input.app-fork": "fixed" } });
    const { done, statuses } = waitRunning(before.id, before.workflowHistory.length);
    const s = await done;
    expect(s.status).toBe("Running");
    expect(s.parameters["input.app-fork"]).toBe("fixed");
    expect(s.workflowHistory.map((r) => [r.name, r.status])).toEqual([
      ["launch", "Failed"],
      ["reconfigure", "Succeeded"],
    ]);
    expect(statuses).not.toContain("Failed");
  });

  it("without startedAfter, the stale Failed ends the wait (what the lag does to a naive wait)", async () => {
    const before = await failedInstance(h.client);
    h.svc.sim.statusLag.set(LAG);
    await h.client.reconfigure(before.id, { parameters: { "input.app-fork": "fixed" } });
    await expect(waitRunning(before.id).done).rejects.toMatchObject({ code: "E_WORKFLOW_FAILED" });
  });

  it("a destroy of a Failed instance ends Destroyed, not on the Failed read before it", async () => {
    const before = await failedInstance(h.client);
    h.svc.sim.statusLag.set(LAG);
    await h.client.destroy(before.id);
    const s = await waitForInstance(h.client, before.id, {
      until: (x) => x.status === "Destroyed",
      startedAfter: before.workflowHistory.length,
      timeoutMs: 5000,
      schedule: FAST_POLLS,
    });
    expect(s.workflowHistory.map((r) => r.name)).toEqual(["launch", "destroy"]);
  });

  it("the lag shows exactly LAG reads of the status from before the call", async () => {
    const before = await failedInstance(h.client);
    h.svc.sim.statusLag.set(LAG);
    await h.client.reconfigure(before.id, { parameters: {} });
    const reads: InstanceStatus[] = [];
    for (let i = 0; i <= LAG; i++) reads.push(await h.client.getInstance(before.id));
    expect(reads.slice(0, LAG).map((s) => [s.status, s.workflowHistory.length])).toEqual(
      Array.from({ length: LAG }, () => ["Failed", 1]),
    );
    expect(reads[LAG].workflowHistory.length).toBe(2);
  });
});
