// With `manifest` set, the binding rules run at plan time: setting a bound submodule parameter fails the
// plan with the attribute path and the fix, before anything reaches the service (set as a secret too).
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

describe("binding rules at plan time", () => {
  const ctx = useTerraformAgainstSimulator();

  test("a bound submodule parameter fails the plan, naming the attribute and the fix", async () => {
    ctx.tf.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    ctx.tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "bad" {
  application_id = "${DEMO.webshopApplicationId}"
  manifest       = file("\${path.module}/webshop.yaml")
  submodules = {
    db = { parameters = { "input.size" = "large" } }
  }
}

resource "appmgmt_instance" "bad_secret" {
  application_id = "${DEMO.webshopApplicationId}"
  manifest       = file("\${path.module}/webshop.yaml")
  submodules = {
    db = { secret_parameters = { "input.size" = var.db_size } }
  }
}

variable "db_size" {
  type      = string
  sensitive = true
  default   = "pw-bound-secret"
}
`);
    await ctx.tf.init();
    const plan = await ctx.tf.plan({ check: false });
    expect(plan.code).toBe(1);
    // The diagnostic's attribute path makes terraform show the offending line of the configuration.
    expect(plan.stderr).toContain("with appmgmt_instance.bad");
    expect(plan.stderr).toMatch(
      /on main\.tf line \d+, in resource "appmgmt_instance" "bad":\n\s*\d+:\s+db = \{/,
    );
    expect(plan.stderr).toContain("submodules.db.parameters['input.size']");
    expect(plan.stderr).toContain("input.db-size");
    // set as a secret: the same plan names the map it was set in, and the binder's secret map as the fix
    expect(plan.stderr).toContain("with appmgmt_instance.bad_secret");
    expect(plan.stderr).toMatch(/cannot be set under\s+submodules\.db\.secret_parameters/);
    expect(plan.stderr).toMatch(/set\s+secret_parameters\['input\.db-size'\]\s+instead/);
    expect(plan.stderr).not.toContain("pw-bound-secret");
    expect(
      ctx.svc.sim.stats.requests.filter((r) => r.method === "POST" && r.path.endsWith("/launch")),
    ).toEqual([]);
  });

  test("the same setting through the binding main parameter plans and applies", async () => {
    const good = `${PROVIDER_HCL}
resource "appmgmt_instance" "good" {
  application_id = "${DEMO.webshopApplicationId}"
  manifest       = file("\${path.module}/webshop.yaml")
  parameters     = { "input.db-size" = "large" }
}
`;
    ctx.tf.writeMain(good);
    await ctx.tf.apply();
    const id = (await ctx.tf.resource("appmgmt_instance.good"))?.values.id as string;
    const onService = await ctx.svc.client.getInstance(id);
    expect(onService.submodules.db.parameters["input.size"]).toBe("large");

    // the bound value set on the running instance: refused as for a launch, but the plan is a reconfigure,
    // and the configuration alone (terraform validates it first) cannot tell which, so no launch is claimed
    ctx.tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "good" {
  application_id = "${DEMO.webshopApplicationId}"
  manifest       = file("\${path.module}/webshop.yaml")
  parameters     = { "input.db-size" = "large" }
  submodules     = { db = { parameters = { "input.size" = "large" } } }
}
`);
    const update = await ctx.tf.plan({ check: false });
    expect(update.code).toBe(1);
    expect(update.stderr).toContain("cannot be set under submodules.db.parameters");
    expect(update.stderr).not.toMatch(/on\s+launch/);
    ctx.tf.writeMain(good);
    await ctx.tf.destroy();
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Destroyed");
  });
});
