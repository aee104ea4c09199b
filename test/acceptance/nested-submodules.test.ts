// Nested submodules with real terraform (issue 19, item 4): `submodules` takes path keys ("db/replica");
// apply launches the hierarchy with the nested value on the grandchild instance, a change is an in-place
// update with no drift after, import takes nested settings, a bound nested parameter fails the plan naming
// the key and the fix, destroy destroys the whole.
import * as fs from "node:fs";
import * as path from "node:path";
import { waitForInstance } from "../../src/client";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { createNestedApps, grandchild, type NestedApps } from "../helpers/nested-apps";
import { PROVIDER_HCL } from "../helpers/terraform";

describe("nested submodules", () => {
  const ctx = useTerraformAgainstSimulator();
  let apps: NestedApps;
  beforeAll(async () => {
    apps = await createNestedApps(ctx.svc.client, DEMO.organizationId);
  });

  const stack = (lag: string, extra = "") => `${PROVIDER_HCL}
resource "appmgmt_instance" "stack" {
  application_id = "${apps.stackId}"
  instance_name  = "nested-stack"
  manifest       = file("\${path.module}/stack.yaml")
  submodules = {
    "db/replica" = { parameters = { "input.lag" = "${lag}" } }${extra}
  }
}
`;

  test("apply, in-place change of a nested value, no drift, destroy", async () => {
    ctx.tf.writeFile("stack.yaml", apps.stackManifest);
    ctx.tf.writeMain(stack("2s"));
    await ctx.tf.init();
    await ctx.tf.apply();
    const id = (await ctx.tf.resource("appmgmt_instance.stack"))?.values.id as string;
    const replica = await grandchild(ctx.svc.client, id);
    expect(replica.application).toBe(apps.replicaId);
    expect(replica.parameters).toEqual({ "input.size": "small", "input.lag": "2s" });

    ctx.tf.writeMain(stack("20s"));
    expect(await ctx.tf.plannedChanges()).toEqual([{ address: "appmgmt_instance.stack", action: "update" }]);
    await ctx.tf.apply();
    expect((await grandchild(ctx.svc.client, id)).parameters["input.lag"]).toBe("20s");
    expect((await ctx.svc.client.getInstance(id)).id).toBe(id); // the same instance: updated in place
    expect((await ctx.tf.plan()).code).toBe(0);

    await ctx.tf.destroy();
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Destroyed");
  });

  test("a bound nested parameter fails the plan naming the key and the fix; nothing is launched", async () => {
    const launchesBefore = ctx.svc.sim.stats.requests.filter((r) => r.path.endsWith("/launch")).length;
    ctx.tf.writeMain(stack("2s").replace('"input.lag" = "2s"', '"input.lag" = "2s", "input.size" = "large"'));
    const plan = await ctx.tf.plan({ check: false });
    expect(plan.code).toBe(1);
    const output = plan.stderr.replace(/\s+/g, " ");
    expect(output).toContain("submodules['db/replica'].parameters['input.size']");
    expect(output).toContain("Fix: set submodules.db.parameters['input.replica-size'] instead");
    expect(ctx.svc.sim.stats.requests.filter((r) => r.path.endsWith("/launch")).length).toBe(launchesBefore);
  });

  test("import takes the nested settings", async () => {
    const { id } = await ctx.svc.client.launch(apps.stackId, {
      instanceName: "legacy-stack",
      submodules: { db: { submodules: { replica: { parameters: { "input.lag": "7s" } } } } },
    });
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
import {
  to = appmgmt_instance.legacy
  id = "${id}"
}
`);
    await ws.init();
    const generate = await ws.run(["plan", "-no-color", "-input=false", "-generate-config-out=generated.tf"]);
    expect(generate.code).toBe(0);
    const generated = fs.readFileSync(path.join(ws.dir, "generated.tf"), "utf8");
    expect(generated).toMatch(/"db\/replica" = \{[^}]*"input\.lag"\s*=\s*"7s"/s);
    await ws.apply();
    expect((await ws.plan()).code).toBe(0);
    expect((await grandchild(ctx.svc.client, id)).parameters["input.lag"]).toBe("7s");
  });
});
