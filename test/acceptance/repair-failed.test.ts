// A reconfigure that repairs a Failed instance is an ordinary in-place update (issue 27 item 4), with real
// terraform: the simulator's status reads lag each new workflow by a few reads (the real service's do), so
// right after the repairing reconfigure the instance still reads Failed. The update waits for the outcome of
// its own reconfigure, and ends Running on the same instance.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const stack = (fork: string) => `${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "repair-me"
  parameters     = { "input.app-fork" = "${fork}" }
}
`;

describe("repairing a Failed instance", () => {
  const ctx = useTerraformAgainstSimulator();
  afterAll(() => ctx.svc.sim.statusLag.set(0));

  test("a failed reconfigure leaves it Failed; the next one, read Failed at first, updates it in place", async () => {
    const { tf, svc } = ctx;
    tf.writeMain(stack("v1"));
    await tf.init();
    await tf.apply();
    const id = (await tf.resource("appmgmt_instance.shop"))!.values.id as string;

    svc.sim.failApplication(DEMO.webshopApplicationId, "disk full");
    tf.writeMain(stack("v2"));
    const failed = await tf.apply({ check: false });
    expect(failed.code).toBe(1);
    expect(failed.stdout + failed.stderr).toContain("disk full");
    expect((await svc.client.getInstance(id)).status).toBe("Failed");

    svc.sim.failApplication(DEMO.webshopApplicationId, null);
    svc.sim.statusLag.set(3);
    tf.writeMain(stack("v3"));
    expect(await tf.plannedChanges()).toEqual([{ address: "appmgmt_instance.shop", action: "update" }]);
    await tf.apply();
    const state = (await tf.resource("appmgmt_instance.shop"))!;
    expect(state.tainted).toBe(false);
    expect(state.values).toMatchObject({ id, status: "Running" });
    const s = await svc.client.getInstance(id);
    expect(s.parameters["input.app-fork"]).toBe("v3");
    expect(s.workflowHistory.map((r) => [r.name, r.status])).toEqual([
      ["launch", "Succeeded"],
      ["reconfigure", "Failed"],
      ["reconfigure", "Succeeded"],
    ]);
    svc.sim.statusLag.set(0);
    expect((await tf.plan()).code).toBe(0);
  });
});
