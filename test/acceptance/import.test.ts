// Adopting instances launched outside terraform: `terraform import` and an `import` block, each followed
// by a plan that proposes no change when the configuration matches the service. An imported instance's
// \`parameters\` are all its actual main parameters and its \`submodules\` each submodule's manifest version
// and free parameters, so the configuration lists them all.
import { waitForInstance } from "../../src/client";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

function resource(name: string, appFork: string): string {
  return `
resource "appmgmt_instance" "${name}" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "${name}"
  parameters = {
    "input.app-fork" = "${appFork}"
    "input.db-size"  = "medium"
    "input.replicas" = "1"
  }
  submodules = {
    db = { manifest_version = 1, parameters = { "input.engine" = "postgres-15" } }
  }
}
`;
}

describe("import", () => {
  const ctx = useTerraformAgainstSimulator();

  async function launchOutOfBand(name: string, appFork: string): Promise<string> {
    const { id } = await ctx.svc.client.launch(DEMO.webshopApplicationId, {
      instanceName: name,
      parameters: { "input.app-fork": appFork, "input.db-size": "medium" },
    });
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
    return id;
  }

  test("terraform import adopts an instance; the next plan has no changes", async () => {
    const id = await launchOutOfBand("adopted", "feature-x");
    ctx.tf.writeMain(PROVIDER_HCL + resource("adopted", "feature-x"));
    await ctx.tf.init();
    const run = await ctx.tf.import("appmgmt_instance.adopted", id);
    expect(run.stdout).toContain("Import successful");

    const res = await ctx.tf.resource("appmgmt_instance.adopted");
    expect(res?.values).toMatchObject({
      id,
      instance_name: "adopted",
      environment_id: DEMO.defaultEnvironmentId,
    });
    const plan = await ctx.tf.plan();
    expect({ code: plan.code, stdout: plan.stdout }).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("No changes"),
    });
  });

  test("an import block adopts an instance on apply; the next plan has no changes", async () => {
    const id = await launchOutOfBand("blocked", "feature-y");
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
import {
  to = appmgmt_instance.blocked
  id = "${id}"
}
${resource("blocked", "feature-y")}`);
    await ws.init();
    expect(await ws.plannedChanges()).toEqual([{ address: "appmgmt_instance.blocked", action: "import" }]);
    await ws.apply();

    expect((await ws.resource("appmgmt_instance.blocked"))?.values.id).toBe(id);
    expect((await ws.plan()).code).toBe(0);
    // Adopting changed nothing on the service: no launch beyond the out-of-band ones, no reconfigure.
    const writes = ctx.svc.sim.stats.requests.filter(
      (r) => r.method !== "GET" && !r.path.startsWith("/refreshToken"),
    );
    const launch = `POST /api/1/applications/${DEMO.webshopApplicationId}/launch`;
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([launch, launch]);
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Running");
  });
});
