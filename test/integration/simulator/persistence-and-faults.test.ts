// --state persistence across restarts (including a workflow in flight and session tokens) and fault
// injection (statuses, resets, latency) with its determinism.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { parseSimArgs } from "../../../src/cli/sim";
import { DEMO, demoSeed, startSimulator, type RunningSimulator } from "../../../src/simulator";
import { IN_FLIGHT_MS, call, launchDemo, pollInstance, startFast } from "./http";

describe("persistence with statePath", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "appmgmt-sim-state-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps instances and session tokens across a restart, and completes a workflow that was in flight", async () => {
    const statePath = join(dir, "state.json");
    // The launch must still be in flight after the restart, even on a loaded machine.
    const first = await startFast({ statePath, timing: { launchMs: IN_FLIGHT_MS } });
    const tokenRes = await call(first.url, "POST", "/refreshToken/jwtBearer", {
      auth: null,
      body: { refreshToken: DEMO.refreshToken },
    });
    const jwt = (tokenRes.body as { jwtBearer: string }).jwtBearer;
    const id = await launchDemo(first.url, { instanceName: "survivor" });
    await first.close();
    expect(readdirSync(dir)).toEqual(["state.json"]);
    expect(statSync(statePath).mode & 0o777).toBe(0o600);

    const second = await startFast({ statePath });
    try {
      const res = await call(second.url, "GET", `/api/1/instances/${id}`, { auth: `Bearer ${jwt}` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: "survivor", workflow: { name: "launch" } });
      const { last } = await pollInstance(second.url, id, (s) => s.status === "Running");
      expect(last.parameters).toEqual({
        "input.app-fork": "master",
        "input.db-size": "small",
        "input.replicas": "1",
      });
    } finally {
      await second.close();
    }
  });

  it("refuses a damaged state file without quoting it (it holds passwords and refresh tokens)", async () => {
    const statePath = join(dir, "state.json");
    writeFileSync(statePath, '{"format": 1, "seed": {"users": [{"password": hunter2-secret}]}}');
    await expect(startFast({ statePath })).rejects.toThrow(/not valid JSON.*delete the file to start afresh/);
    await expect(startFast({ statePath })).rejects.not.toThrow(/hunter2/);
  });

  it("does not keep start flags: a restart without --reconfigure-ms has the seed's duration again", async () => {
    const statePath = join(dir, "state.json");
    const seedFile = join(dir, "seed.yaml");
    writeFileSync(seedFile, stringifyYaml({ ...demoSeed(), timing: { reconfigureMs: 2000 } }));
    const first = await startSimulator(
      parseSimArgs([
        "--seed",
        seedFile,
        "--state",
        statePath,
        "--reconfigure-ms",
        "30000",
        "--launch-ms",
        "5",
      ]),
    );
    expect(first.sim.timing).toEqual({ launchMs: 5, reconfigureMs: 30000, destroyMs: 1000 });
    const id = await launchDemo(first.url);
    await first.close();
    const second = await startSimulator(parseSimArgs(["--state", statePath]));
    try {
      expect(second.sim.timing).toEqual({ launchMs: 1500, reconfigureMs: 2000, destroyMs: 1000 });
      expect(second.sim.instances().map((i) => i.id)).toEqual([id]);
    } finally {
      await second.close();
    }
  });

  it("prefers the saved state over a seed given at restart", async () => {
    const statePath = join(dir, "state.json");
    const first = await startFast({ statePath });
    const id = await launchDemo(first.url);
    await first.close();
    const second = await startFast({ statePath });
    try {
      expect(second.sim.instances().map((s) => s.id)).toEqual([id]);
    } finally {
      await second.close();
    }
  });
});

describe("fault injection", () => {
  let svc: RunningSimulator;
  beforeAll(async () => {
    svc = await startFast();
  });
  afterAll(() => svc.close());
  afterEach(() => svc.sim.setFaults({}));

  async function statuses(n: number): Promise<number[]> {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await call(svc.url, "GET", "/api/1/organizations")).status);
    return result;
  }

  it("fails the configured share of calls with the configured statuses, the same way for the same seed", async () => {
    svc.sim.setFaults({ rate: 0.5, statuses: [503, 429], seed: 42 });
    const a = await statuses(30);
    svc.sim.setFaults({ rate: 0.5, statuses: [503, 429], seed: 42 });
    const b = await statuses(30);
    expect(b).toEqual(a);
    expect(new Set(a)).toEqual(new Set([200, 503, 429]));
    svc.sim.setFaults({ rate: 0.5, statuses: [503, 429], seed: 7 });
    expect(await statuses(30)).not.toEqual(a);
  });

  it("sends Retry-After with an injected 429 and the errors body", async () => {
    svc.sim.setFaults({ rate: 1, statuses: [429], seed: 1 });
    const res = await call(svc.url, "GET", "/api/1/organizations");
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.body).toEqual({ errors: [expect.stringMatching(/too many requests/)] });
  });

  it("applies faults to token calls as well", async () => {
    svc.sim.setFaults({ rate: 1, statuses: [502], seed: 1 });
    const res = await call(svc.url, "POST", "/refreshToken/jwtBearer", {
      auth: null,
      body: { refreshToken: DEMO.refreshToken },
    });
    expect(res.status).toBe(502);
  });

  it("resets connections, some after the call was served (a launch may then exist without an answer)", async () => {
    svc.sim.setFaults({ resetRate: 1, seed: 3 });
    const before = svc.sim.instances().length;
    const launches = 6;
    for (let i = 0; i < launches; i++)
      await expect(
        call(svc.url, "POST", `/api/1/applications/${DEMO.webshopApplicationId}/launch`, { body: {} }),
      ).rejects.toThrow();
    const created = svc.sim.instances().length - before;
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThan(launches);
    const logged = svc.sim.stats.requests.slice(-launches);
    expect(logged.every((r) => r.status === 0)).toBe(true);
  });

  it("adds latency to every call", async () => {
    svc.sim.setFaults({ latencyMs: 150 });
    const started = Date.now();
    expect((await call(svc.url, "GET", "/api/1/organizations")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
