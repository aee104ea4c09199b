// A launch whose workflow fails: terraform records the instance as tainted (never an orphan on the
// service) and the next apply replaces it.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const ADDRESS = "appmgmt_instance.shop";

describe("a launch whose workflow fails", () => {
  const ctx = useTerraformAgainstSimulator();
  let failedId: string;

  const liveShops = () =>
    ctx.svc.sim
      .instances()
      .filter((i) => i.name === "shop" && i.status !== "Destroyed")
      .map((i) => i.id);

  beforeAll(async () => {
    ctx.tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "shop"
}
`);
    await ctx.tf.init();
  });

  test("fails the apply and leaves the instance in state, tainted, with its id", async () => {
    ctx.svc.sim.failApplication(DEMO.webshopApplicationId, "quota exceeded");
    const run = await ctx.tf.apply({ check: false });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("quota exceeded");

    const res = await ctx.tf.resource(ADDRESS);
    expect(res?.tainted).toBe(true);
    failedId = res?.values.id as string;
    expect(failedId).toMatch(/^[0-9a-f]{24}$/);
    expect((await ctx.svc.client.getInstance(failedId)).status).toBe("Failed");
    expect(liveShops()).toEqual([failedId]);
  });

  test("the next apply replaces it and leaves no orphan", async () => {
    ctx.svc.sim.failApplication(DEMO.webshopApplicationId, null);
    expect(await ctx.tf.plannedChanges()).toEqual([{ address: ADDRESS, action: "replace" }]);
    await ctx.tf.apply();

    const res = await ctx.tf.resource(ADDRESS);
    expect(res?.tainted).toBe(false);
    const newId = res?.values.id as string;
    expect(newId).not.toBe(failedId);
    expect((await ctx.svc.client.getInstance(failedId)).status).toBe("Destroyed");
    expect((await ctx.svc.client.getInstance(newId)).status).toBe("Running");
    expect(liveShops()).toEqual([newId]);
  });
});
