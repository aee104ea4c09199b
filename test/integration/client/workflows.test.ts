// Client ↔ simulator over HTTP: POST /api/1/instances/{id}/{workflow} for a workflow the instance's manifest
// declares (application.workflows): its run in workflowHistory and its return values, a busy instance (409)
// resent until the deadline, a failed run with the service's message, and the refusals.
import { BadRequestError, ConflictError, waitForInstance, type AppMgmtClient } from "../../../src/client";
import { applicationWithBackup, FAST_POLLS, settled, startHarness, type Harness } from "./setup";

let h: Harness;
let appId: string;
beforeAll(async () => {
  h = await startHarness();
  appId = await applicationWithBackup(h, "with-workflows");
});
afterAll(() => h.close());

async function running(client: AppMgmtClient): Promise<string> {
  const { id } = await client.launch(appId, { destroyInterval: -1 });
  expect((await settled(client, id)).status).toBe("Running");
  return id;
}

const HOUR = 3_600_000;

/**
 * Runs `body` while reconfigures and manifest workflows last an hour of the simulator's clock, then moves the
 * clock past them: a run is caught running, and then ended, whatever the machine's load.
 */
async function withLongWorkflows(body: () => Promise<void>): Promise<void> {
  const { reconfigureMs } = h.svc.sim.timing;
  h.svc.sim.setTiming({ reconfigureMs: HOUR });
  try {
    await body();
  } finally {
    h.svc.sim.setTiming({ reconfigureMs });
    h.svc.sim.advanceClock(HOUR);
  }
}

/** Waits until the last run in the history has ended. */
const runEnded = (client: AppMgmtClient, id: string) =>
  waitForInstance(client, id, {
    until: (s) => !["Requested", "Executing"].includes(s.workflowHistory.at(-1)?.status ?? ""),
    timeoutMs: 5000,
    schedule: FAST_POLLS,
  });

describe("manifest workflows through the client", () => {
  it("runs a declared workflow with its parameters: Executing, then Succeeded in the history, values returned", async () => {
    const id = await running(h.client);
    // The run lasts an hour of the simulator's clock, so it is caught running whatever the machine's load;
    // then the clock jumps past its end.
    await withLongWorkflows(async () => {
      expect(await h.client.runWorkflow(id, "backup", { target: "s3://bucket" })).toEqual({ id });
      const during = await h.client.getInstance(id);
      expect(during).toMatchObject({ status: "Executing", workflow: { name: "backup" } });
    });
    const after = await runEnded(h.client, id);
    expect(after.status).toBe("Running");
    expect(after.workflowHistory.map((r) => [r.name, r.status])).toEqual([
      ["launch", "Succeeded"],
      ["backup", "Succeeded"],
    ]);
    expect(after.returnValues).toMatchObject({
      "backup.result": "Succeeded",
      "backup.target": "s3://bucket",
    });
  });

  it("409 while another workflow runs; with a deadline the client sends the run again until it is accepted", async () => {
    const id = await running(h.client);
    await withLongWorkflows(async () => {
      await h.client.reconfigure(id, { parameters: { "input.app-fork": "dev" } });
      await expect(h.client.runWorkflow(id, "backup")).rejects.toBeInstanceOf(ConflictError);
      // The reconfigure ends when the client says it is resending (an event, not a sleep): the clock jumps.
      let resent = 0;
      const client = h.newClient({
        log: (e) => {
          if (!e.message.includes("busy with another workflow")) return;
          resent++;
          h.svc.sim.advanceClock(HOUR);
        },
      });
      await client.runWorkflow(id, "backup", {}, { deadline: Date.now() + 60_000 });
      expect(resent).toBe(1);
      expect((await client.getInstance(id)).workflow?.name).toBe("backup");
    });
    const after = await runEnded(h.client, id);
    expect(after.workflowHistory.map((r) => r.name)).toEqual(["launch", "reconfigure", "backup"]);
  });

  it("a failed run: Failed in the history and the instance, with the service's error message", async () => {
    const id = await running(h.client);
    h.svc.sim.failApplication(appId, "backup target unreachable");
    try {
      await h.client.runWorkflow(id, "backup", { target: "s3://gone" });
      const after = await runEnded(h.client, id);
      expect(after.workflowHistory.at(-1)).toMatchObject({ name: "backup", status: "Failed" });
      expect(after).toMatchObject({ status: "Failed", errorMessage: "backup target unreachable" });
    } finally {
      h.svc.sim.failApplication(appId, null);
    }
  });

  it("refuses undeclared workflows and parameters (with the fix), and launch/reconfigure by name", async () => {
    const id = await running(h.client);
    const undeclared = (await h.client.runWorkflow(id, "bakup").catch((e: unknown) => e)) as BadRequestError;
    expect(undeclared).toBeInstanceOf(BadRequestError);
    expect(undeclared.errors[0]).toContain("declares no workflow 'bakup'");
    expect(undeclared.errors[0]).toContain("did you mean 'backup'?");
    const parameter = (await h.client
      .runWorkflow(id, "backup", { tagret: "x" })
      .catch((e: unknown) => e)) as BadRequestError;
    expect(parameter.errors[0]).toContain("did you mean parameters.target?");
    await expect(h.client.runWorkflow(id, "reconfigure")).rejects.toThrow(
      /PUT \/api\/1\/instances\/.*\/configuration/,
    );
    await expect(h.client.runWorkflow(id, "launch")).rejects.toThrow(/launches a new one/);
    // Nothing ran: the instance is as it was.
    expect((await h.client.getInstance(id)).workflowHistory.map((r) => r.name)).toEqual(["launch"]);
    // destroy is still the destroy workflow
    await h.client.destroy(id);
    expect((await settled(h.client, id)).status).toBe("Destroyed");
  });
});
