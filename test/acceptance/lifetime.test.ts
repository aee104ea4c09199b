// auto_destroy_after changed on a running instance moves the service's scheduled destroy in place (issue 27
// item 3), with real terraform: set, changed and removed, each an in-place update of the same instance id,
// the schedule as the simulator lists it (GET /api/1/instances/{id}/schedules), and no launch, reconfigure
// or destroy sent for it.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const HOUR = 3_600_000;

const stack = (lifetime: string | undefined) => `${PROVIDER_HCL}
resource "appmgmt_instance" "review" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "review-42"
${lifetime === undefined ? "" : `  auto_destroy_after = "${lifetime}"\n`}}
`;

describe("auto_destroy_after", () => {
  const ctx = useTerraformAgainstSimulator();

  test("set, changed and removed: the destroy is rescheduled in place, never a replacement", async () => {
    const { tf, svc } = ctx;
    tf.writeMain(stack(undefined));
    await tf.init();
    await tf.apply();
    const id = (await tf.resource("appmgmt_instance.review"))!.values.id as string;
    expect(await svc.client.listSchedules(id)).toEqual([]);

    for (const [lifetime, hours] of [
      ["8h", 8],
      ["2h", 2],
      [undefined, undefined],
    ] as const) {
      tf.writeMain(stack(lifetime));
      expect(await tf.plannedChanges()).toEqual([{ address: "appmgmt_instance.review", action: "update" }]);
      const mark = svc.sim.stats.requestCount;
      const before = Date.now();
      await tf.apply();
      const after = Date.now();
      expect((await tf.resource("appmgmt_instance.review"))!.values).toMatchObject({
        id,
        auto_destroy_after: lifetime ?? null,
      });
      const changes = svc.sim.stats
        .requestsSince(mark)
        .filter((r) => r.method !== "GET" && !r.path.startsWith("/refreshToken"));
      expect(changes.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        `POST /api/1/instances/${id}/destroy/reschedule 200`,
      ]);
      const schedules = await svc.client.listSchedules(id);
      if (hours === undefined) expect(schedules).toEqual([]);
      else {
        expect(schedules).toHaveLength(1);
        expect(schedules[0].workflow).toBe("destroy");
        expect(schedules[0].timestamp).toBeGreaterThanOrEqual(before + hours * HOUR);
        expect(schedules[0].timestamp).toBeLessThanOrEqual(after + hours * HOUR);
      }
      expect((await tf.plan()).code).toBe(0);
    }
    expect(svc.sim.instances().filter((s) => s.name === "review-42")).toHaveLength(1);
  });
});
