// Client ↔ simulator: the scheduled destroy moved in place to a time from now (docs/service-api.md,
// "Lifetime": the body's timestamp counts milliseconds from now), cancelled with -1, and refused locally when
// neither.
import { ConfigError } from "../../../src/client";
import { launched, startHarness, type Harness } from "./setup";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const HOUR = 3_600_000;

test("moves the destroy to two hours from now, cancels it, and refuses a negative count other than -1", async () => {
  const { id } = await launched(h.client, { destroyInterval: HOUR, instanceName: "lifetime" });
  const before = h.svc.sim.now();
  await h.client.rescheduleDestroy(id, 2 * HOUR);
  const [moved] = await h.client.listSchedules(id);
  expect(moved.workflow).toBe("destroy");
  expect(moved.timestamp).toBeGreaterThanOrEqual(before + 2 * HOUR);
  expect(moved.timestamp).toBeLessThanOrEqual(h.svc.sim.now() + 2 * HOUR);
  await h.client.rescheduleDestroy(id, -1);
  expect(await h.client.listSchedules(id)).toEqual([]);
  await expect(h.client.rescheduleDestroy(id, -5)).rejects.toBeInstanceOf(ConfigError);
  expect((await h.client.getInstanceStatus(id)).status).toBe("Running");
});
