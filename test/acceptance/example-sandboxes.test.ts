// examples/sandboxes/hcl applies, plans no change and destroys against the simulator as its README describes:
// a sandbox per branch, cloned from staging, with the webshop launched into it in the same apply; applied again
// after its destroy (which only forgets the sandbox and an application), it takes both over instead of making
// a second of each, and a sandbox of a name whose environment runs instances is refused with the import command.
// The example's files come from the package `npm pack` makes (what a user copying the example has).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { packedExamples, packPackage } from "../helpers/packed-package";
import { expectSandboxOf } from "../helpers/sandbox-example";

describe("examples/sandboxes/hcl", () => {
  const ctx = useTerraformAgainstSimulator();
  let tmp: string;
  let sandboxesDir: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-example-sandboxes-"));
    sandboxesDir = path.join(packedExamples(packPackage(tmp), tmp), "sandboxes");
  });
  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("applies a branch's sandbox, plans no change after, and destroy forgets the sandbox", async () => {
    // The example's layout: main.tf reads ../policies.yaml.
    ctx.tf.writeFile("main.tf", fs.readFileSync(path.join(sandboxesDir, "hcl", "main.tf"), "utf8"));
    fs.copyFileSync(path.join(sandboxesDir, "policies.yaml"), path.join(ctx.tf.dir, "..", "policies.yaml"));
    ctx.svc.sim.environments.setOnlineDelay(300);
    const tf = ctx.tf.withEnv({ TF_VAR_branch: "feature-login" });
    await tf.init();
    await tf.apply();
    const { environmentId, instanceId } = await expectSandboxOf(ctx.svc, "feature-login");

    expect((await tf.plan()).code).toBe(0);

    const destroyed = await tf.destroy();
    expect(destroyed.stdout.replace(/\s+/g, " ")).toContain(
      `environment ${environmentId} ("sandbox-feature-login") was removed from the state only`,
    );
    expect((await ctx.svc.client.getInstance(instanceId)).status).toBe("Destroyed");
    expect((await ctx.svc.client.listEnvironments(DEMO.organizationId)).map((e) => e.id)).toContain(
      environmentId,
    );
  });

  test("applied again after its destroy, the sandbox has one environment and one application, not two", async () => {
    const { svc } = ctx;
    const branch = "feature-cart";
    // The branch's own application beside the example's sandbox: a destroy forgets both.
    ctx.tf.writeFile("app.yaml", DEMO_MANIFESTS.webshop[1]);
    ctx.tf.writeFile(
      "app.tf",
      `resource "appmgmt_application" "branch" {
  organization_id = data.appmgmt_organizations.mine.organizations[0].id
  name            = "checkout-\${var.branch}"
  manifest        = file("\${path.module}/app.yaml")
}
`,
    );
    const tf = ctx.tf.withEnv({ TF_VAR_branch: branch });
    const named = async () => ({
      environments: (await svc.client.listEnvironments(DEMO.organizationId)).filter(
        (e) => e.name === `sandbox-${branch}`,
      ),
      applications: (await svc.client.listApplications(DEMO.organizationId)).filter(
        (a) => a.name === `checkout-${branch}`,
      ),
    });
    await tf.apply();
    const first = await named();
    await tf.destroy();
    const again = await tf.apply();
    const after = await named();
    expect(after.environments.map((e) => e.id)).toEqual(first.environments.map((e) => e.id));
    expect(after.applications.map((a) => a.id)).toEqual(first.applications.map((a) => a.id));
    expect(after.environments).toHaveLength(1);
    expect(after.applications).toHaveLength(1);
    const said = again.stdout.replace(/\s+/g, " ");
    // the plan said so, and the apply did so
    expect(said).toContain(
      `This create adopts the existing environment ${first.environments[0].id} ("sandbox-${branch}")`,
    );
    expect(said).toContain(
      `Adopted the existing environment ${first.environments[0].id} ("sandbox-${branch}")`,
    );
    expect(said).toContain(
      `Adopted the existing application ${first.applications[0].id} ("checkout-${branch}")`,
    );
    // The taken-over sandbox is as the configuration says, the webshop running in it again, and stays so.
    await expectSandboxOf(svc, branch);
    expect((await tf.plan()).code).toBe(0);
    expect((await tf.plannedChanges()).filter((c) => c.action !== "read" && c.action !== "noop")).toEqual([]);

    // Another state with the same branch: its environment runs the webshop, so the plan refuses the create.
    const other = ctx.workspace().withEnv({ TF_VAR_branch: branch });
    other.writeFile("main.tf", fs.readFileSync(path.join(ctx.tf.dir, "main.tf"), "utf8"));
    fs.copyFileSync(
      path.join(ctx.tf.dir, "..", "policies.yaml"),
      path.join(other.dir, "..", "policies.yaml"),
    );
    await other.init();
    const refused = await other.apply({ check: false });
    expect(refused.code).toBe(1);
    const why = refused.stderr.replace(/\s+/g, " ");
    expect(why).toContain(`An environment named "sandbox-${branch}" exists and is in use`);
    expect(why).toContain(`\`terraform import appmgmt_environment.<name> ${first.environments[0].id}\``);
    expect(refused.stdout).not.toContain("Plan:");
    expect((await named()).environments).toHaveLength(1);
  });
});
