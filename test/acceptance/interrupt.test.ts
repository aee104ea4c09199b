// Ctrl-C during a long create: terraform stops the provider, which must still hand back the launched
// instance so that it lands in the state instead of being orphaned on the service.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";
import { pollUntil } from "../helpers/wait";

describe("SIGINT to terraform during a long create", () => {
  // Long enough that the interrupt lands mid-workflow even on a loaded machine (first poll at 1 s).
  const ctx = useTerraformAgainstSimulator({ timing: { launchMs: 12000 } });

  test("the launched instance is in state and matches the service", async () => {
    ctx.tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "slow" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "slow"
  parameters     = { "input.app-fork" = "release-3" }
}
`);
    await ctx.tf.init();
    const apply = ctx.tf.start(["apply", "-no-color", "-input=false", "-auto-approve"]);

    // Interrupt once the provider is waiting for the workflow: the service has the instance and has
    // been asked for its status.
    const launched = await pollUntil("the launch and a first status poll", () => {
      const instance = ctx.svc.sim.instances().find((i) => i.name === "slow");
      const polled = ctx.svc.sim.stats.requests.some(
        (r) => r.method === "GET" && instance && r.path === `/api/1/instances/${instance.id}`,
      );
      return polled ? instance : undefined;
    });
    expect(launched.status).not.toBe("Running");
    apply.interrupt();
    const run = await apply.done;
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(/Interrupt received/);

    const res = await ctx.tf.resource("appmgmt_instance.slow");
    expect(res?.values).toMatchObject({
      id: launched.id,
      instance_name: "slow",
      application_id: DEMO.webshopApplicationId,
    });
    const live = ctx.svc.sim.instances().filter((i) => i.status !== "Destroyed");
    expect(live.map((i) => i.id)).toEqual([launched.id]);

    // The instance is managed: destroy waits for the launch workflow to end, then destroys it.
    await ctx.tf.destroy();
    expect((await ctx.svc.client.getInstance(launched.id)).status).toBe("Destroyed");
  });
});
