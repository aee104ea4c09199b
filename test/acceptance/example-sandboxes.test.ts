// examples/sandboxes/hcl applies, plans no change and destroys against the simulator as its README describes:
// a sandbox per branch, cloned from staging, with the webshop launched into it in the same apply.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { expectSandboxOf, SANDBOXES_EXAMPLE } from "../helpers/sandbox-example";

describe("examples/sandboxes/hcl", () => {
  const ctx = useTerraformAgainstSimulator();

  test("applies a branch's sandbox, plans no change after, and destroy forgets the sandbox", async () => {
    // The example's layout: main.tf reads ../policies.yaml.
    ctx.tf.writeFile("main.tf", fs.readFileSync(path.join(SANDBOXES_EXAMPLE, "hcl", "main.tf"), "utf8"));
    fs.copyFileSync(
      path.join(SANDBOXES_EXAMPLE, "policies.yaml"),
      path.join(ctx.tf.dir, "..", "policies.yaml"),
    );
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
});
