// Client ↔ simulator over HTTP in each vocabulary of status words (docs/service-api.md, "Status words"): a
// launch, a reconfigure, a manifest workflow and a destroy wait alike whether the service says `Running` or
// `Active`, `Executing` or `Launching`; `Error` fails a wait at once like `Failed`, naming the word and the
// instance's errorMessage; `Unknown` never ends a wait.
import { TimeoutError, WorkflowFailedError, waitForInstance, type AppMgmtClient } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import type { StatusVocabulary } from "../../../src/simulator/status-words";
import { applicationWithBackup, FAST_POLLS, settled, startHarness, type Harness } from "./setup";

let h: Harness;
let appId: string;
beforeAll(async () => {
  h = await startHarness();
  appId = await applicationWithBackup(h, "status-words");
});
afterAll(() => h.close());
afterEach(() => h.svc.sim.statusWords.use("current"));

/** The status word the service sends for instance `id` (not normalised by the client). */
async function wireStatus(id: string): Promise<string> {
  const auth = Buffer.from(`${DEMO.email}:${DEMO.password}`).toString("base64");
  const res = await fetch(`${h.svc.url}/api/1/instances/${id}`, {
    headers: { authorization: `Basic ${auth}` },
  });
  return ((await res.json()) as { status: string }).status;
}

const untilRunning = (client: AppMgmtClient, id: string, timeoutMs = 5000) =>
  waitForInstance(client, id, { until: (s) => s.status === "Running", timeoutMs, schedule: FAST_POLLS });

describe.each<[StatusVocabulary, string, string]>([
  ["current", "Running", "Failed"],
  ["older", "Active", "Error"],
])("status words %s", (vocabulary, runningWord, failedWord) => {
  beforeEach(() => h.svc.sim.statusWords.use(vocabulary));

  it(`launch, reconfigure, a workflow and destroy end their waits; the service says ${runningWord}`, async () => {
    const c = h.client;
    const { id } = await c.launch(appId, { destroyInterval: -1 });
    const launched = await untilRunning(c, id);
    expect(launched.status).toBe("Running");
    expect(launched.serviceStatus).toBe(vocabulary === "older" ? "Active" : undefined);
    expect(await wireStatus(id)).toBe(runningWord);
    // the instance lists agree
    const listed = (await c.listInstances(DEMO.defaultEnvironmentId)).find((i) => i.id === id);
    expect(listed?.status).toBe("Running");

    const before = launched.workflowHistory.length;
    await c.reconfigure(id, { parameters: { "input.app-fork": "feature-x" } });
    const reconfigured = await waitForInstance(c, id, {
      until: (s) => s.status === "Running" && s.parameters["input.app-fork"] === "feature-x",
      startedAfter: before,
      timeoutMs: 5000,
      schedule: FAST_POLLS,
    });
    expect(reconfigured.workflowHistory.at(-1)?.name).toBe("reconfigure");

    await c.runWorkflow(id, "backup", { target: "s3" });
    const ran = await waitForInstance(c, id, {
      until: (s) =>
        s.workflowHistory.at(-1)?.name === "backup" && s.workflowHistory.at(-1)?.status === "Succeeded",
      startedAfter: before + 1,
      timeoutMs: 5000,
      schedule: FAST_POLLS,
    });
    expect(ran.status).toBe("Running");

    await c.destroy(id);
    const destroyed = await waitForInstance(c, id, {
      until: (s) => s.status === "Destroyed",
      startedAfter: before + 2,
      timeoutMs: 5000,
      schedule: FAST_POLLS,
    });
    expect(destroyed.status).toBe("Destroyed");
  });

  it(`${failedWord} fails the wait at once, naming the word and the errorMessage`, async () => {
    h.svc.sim.failApplication(appId, "step 'db' failed: disk full");
    try {
      const { id } = await h.client.launch(appId, { destroyInterval: -1 });
      const err = await untilRunning(h.client, id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorkflowFailedError);
      expect((err as Error).message).toContain("step 'db' failed: disk full");
      if (vocabulary === "older") expect((err as Error).message).toContain("(status Error)");
      expect(await wireStatus(id)).toBe(failedWord);
    } finally {
      h.svc.sim.failApplication(appId, null);
    }
  });
});

describe("older words while a launch runs", () => {
  it("a launch under way reads Launching on the wire and Executing through the client", async () => {
    h.svc.sim.statusWords.use("older");
    const { launchMs } = h.svc.sim.timing;
    h.svc.sim.setTiming({ launchMs: 3_600_000 });
    try {
      const { id } = await h.client.launch(appId, { destroyInterval: -1 });
      h.svc.sim.advanceClock(1_800_000); // past the Requested share, into the launch's execution
      expect(await wireStatus(id)).toBe("Launching");
      const s = await h.client.getInstanceStatus(id);
      expect([s.status, s.serviceStatus]).toEqual(["Executing", "Launching"]);
      h.svc.sim.advanceClock(3_600_000);
      expect((await settled(h.client, id)).status).toBe("Running");
    } finally {
      h.svc.sim.setTiming({ launchMs });
    }
  });
});

describe("Unknown", () => {
  it("never ends a wait: it polls on and times out naming the word", async () => {
    const { id } = await h.client.launch(appId, { destroyInterval: -1 });
    await settled(h.client, id);
    h.svc.sim.statusWords.reportUnknown(id);
    try {
      const err = await untilRunning(h.client, id, 500).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(TimeoutError);
      expect((err as Error).message).toContain("last status Unknown");
    } finally {
      h.svc.sim.statusWords.reportUnknown(id, false);
    }
    expect((await untilRunning(h.client, id)).status).toBe("Running");
  });
});
