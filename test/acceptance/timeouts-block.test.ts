// `timeouts` is a block, as in terraform's own providers: `timeouts { create = "10m" }` plans, applies
// and lands in state; the provider waits as long as the block says; the attribute form is refused by
// terraform with its usual hint.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

/** Long enough that a launch never finishes within the 1s timeout below, however loaded the machine. */
const SLOW_LAUNCH_MS = 60_000;

function instance(name: string, timeouts: string): string {
  return `
resource "appmgmt_instance" "${name}" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "${name}"
  parameters     = { "input.app-fork" = "release-1" }
  ${timeouts}
}
`;
}

describe("timeouts block", () => {
  const ctx = useTerraformAgainstSimulator();

  test("the block form applies and its values are in state", async () => {
    ctx.tf.writeMain(
      `${PROVIDER_HCL}${instance("timed", 'timeouts {\n    create = "10m"\n    delete = "5m"\n  }')}`,
    );
    await ctx.tf.init();
    await ctx.tf.apply();
    const res = await ctx.tf.resource("appmgmt_instance.timed");
    expect(res?.values.timeouts).toEqual({ create: "10m", update: null, delete: "5m" });
    expect((await ctx.svc.client.getInstance(res?.values.id as string)).status).toBe("Running");

    // Changing only the block is a local change: an update that calls no workflow.
    ctx.tf.writeMain(`${PROVIDER_HCL}${instance("timed", 'timeouts {\n    create = "20m"\n  }')}`);
    expect(await ctx.tf.plannedChanges()).toEqual([{ address: "appmgmt_instance.timed", action: "update" }]);
    await ctx.tf.apply();
    expect((await ctx.tf.resource("appmgmt_instance.timed"))?.values.timeouts).toEqual({
      create: "20m",
      update: null,
      delete: null,
    });
  });

  test.each([
    [
      "a bad duration in the block names timeouts.create",
      'timeouts {\n    create = "soon"\n  }',
      /Invalid timeouts\.create/,
    ],
    [
      "the attribute form gets terraform's hint to write a block",
      'timeouts = { create = "10m" }',
      /Did you mean to define a\s+block of type "timeouts"/,
    ],
  ])("%s", async (_name, timeouts, error) => {
    const tf = ctx.workspace();
    tf.writeMain(`${PROVIDER_HCL}${instance("refused", timeouts)}`);
    await tf.init();
    const plan = await tf.plan({ check: false });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(error);
  });

  test("create waits only as long as the block's create says", async () => {
    ctx.svc.sim.setTiming({ launchMs: SLOW_LAUNCH_MS });
    const tf = ctx.workspace();
    tf.writeMain(`${PROVIDER_HCL}${instance("slow", 'timeouts {\n    create = "1s"\n  }')}`);
    await tf.init();
    const apply = await tf.apply({ check: false });
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(/did not reach the expected state within 1 s/);
  });
});
