// The scheduled destroy moved in place over raw HTTP: POST /api/1/instances/{id}/destroy/reschedule
// {timestamp} (milliseconds from now, as the service's own callers send it; -1 for never) and GET /api/1/instances/{id}/schedules (docs/service-api.md, "Lifetime").
import type { RunningSimulator } from "../../../src/simulator";
import { call, launchDemo, pollInstance, startFast } from "./http";

let svc: RunningSimulator;
beforeAll(async () => {
  svc = await startFast();
});
afterAll(() => svc.close());

const schedules = async (id: string) => (await call(svc.url, "GET", `/api/1/instances/${id}/schedules`)).body;
const reschedule = (id: string, body: unknown) =>
  call(svc.url, "POST", `/api/1/instances/${id}/destroy/reschedule`, { body });

describe("destroy/reschedule and schedules", () => {
  it("lists the launch's destroy, moves it to a time from now, cancels it with -1, and destroys at once for 0", async () => {
    const id = await launchDemo(svc.url, { destroyInterval: 3_600_000 });
    const [launched] = (await schedules(id)) as { workflow: string; timestamp: number }[];
    expect(launched.workflow).toBe("destroy");
    expect(launched.timestamp).toBeGreaterThan(svc.sim.now());

    // two hours from now, as the Python CLI sends `--schedule 7200` (seconds times 1000)
    const before = svc.sim.now();
    expect((await reschedule(id, { timestamp: 7_200_000 })).status).toBe(200);
    const [moved] = (await schedules(id)) as { timestamp: number }[];
    expect(moved.timestamp).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(moved.timestamp).toBeLessThanOrEqual(svc.sim.now() + 7_200_000);
    // the same as a string of digits, as the Python monitor sends it
    expect((await reschedule(id, { timestamp: "7200000" })).status).toBe(200);
    expect((await reschedule(id, { timestamp: -1 })).status).toBe(200);
    expect(await schedules(id)).toEqual([]);

    expect((await reschedule(id, { timestamp: 0 })).status).toBe(200);
    const { last } = await pollInstance(svc.url, id, (s) => s.status === "Destroyed");
    expect((last.workflowHistory as { name: string }[]).map((w) => w.name)).toEqual(["launch", "destroy"]);
    const refused = await reschedule(id, { timestamp: -1 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("is destroyed");
  });

  it("refuses a timestamp that is not milliseconds from now or -1, naming the fix", async () => {
    const id = await launchDemo(svc.url);
    for (const body of [
      {},
      { timestamp: "soon" },
      { timestamp: "" },
      { timestamp: 1.5 },
      { timestamp: -2 },
    ]) {
      const res = await reschedule(id, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("milliseconds from now until the destroy, or -1 for never");
    }
    expect((await reschedule(id, { timestamp: 1, when: "now" })).status).toBe(400);
  });
});
