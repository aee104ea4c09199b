// The provider against the service's public API as documented (issue 18; docs/service-api.md), with real
// terraform: submodule settings live in child instances (components), a launch may end Canceled, and
// instances are destroyed by the service on their destroyInterval unless told never.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const HOUR_MS = 3_600_000;

describe("the provider against the public API's shapes", () => {
  // One simulator and provider for the file (they are installed once per file); a workspace per test.
  const ctx = useTerraformAgainstSimulator();
  const shop = (engine: string) => `${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "components-shop"
  submodules = {
    db = { parameters = { "input.engine" = "${engine}" } }
  }
}
`;

  test("an update of a submodule parameter completes, the child instance shows it, and no drift follows", async () => {
    ctx.tf.writeMain(shop("postgres-15"));
    await ctx.tf.init();
    await ctx.tf.apply();
    const id = (await ctx.tf.resource("appmgmt_instance.shop"))?.values.id as string;
    const top = ctx.svc.sim.instances().find((i) => i.id === id)!;
    expect(top).not.toHaveProperty("submodules");
    expect(top.components.map((c) => c.name)).toEqual(["db"]);

    ctx.tf.writeMain(shop("postgres-16"));
    // The wait ends when the child instance shows the new value (before: it waited out its 30 minutes).
    await ctx.tf.apply();
    const child = await ctx.svc.client.getInstance(top.components[0].id);
    expect(child.parameters["input.engine"]).toBe("postgres-16");
    expect(await ctx.tf.plannedChanges()).toEqual([]);
  });

  test("a Canceled launch fails at once (not after its 30-minute timeout), naming the status, and leaves the instance tainted", async () => {
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "canceled-shop"
}
`);
    await ws.init();
    ctx.svc.sim.failApplication(DEMO.webshopApplicationId, "canceled by an operator", "Canceled");
    try {
      const run = await ws.apply({ check: false });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("is Canceled in the service");
      const res = await ws.resource("appmgmt_instance.shop");
      expect(res?.tainted).toBe(true);
      expect(res?.values.status).toBe("Canceled");
    } finally {
      ctx.svc.sim.failApplication(DEMO.webshopApplicationId, null);
    }
  });

  test("a status without a revision field leaves revision_id as configured: no drift after apply", async () => {
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "stable" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "stable-shop"
  revision_id    = "${DEMO.stableRevisionId}"
}
`);
    await ws.init();
    await ws.apply();
    const id = (await ws.resource("appmgmt_instance.stable"))?.values.id as string;
    expect(ctx.svc.sim.instances().find((i) => i.id === id)).not.toHaveProperty("revision");
    expect((await ws.resource("appmgmt_instance.stable"))?.values.revision_id).toBe(DEMO.stableRevisionId);
    expect(await ws.plannedChanges()).toEqual([]);
    await ws.destroy();
  });

  const liveNamed = (name: string) =>
    ctx.svc.sim.instances().filter((i) => i.name === name && i.status !== "Destroyed");

  test("auto_destroy_after unset, the launch says never: the instance outlives the service's one-hour default", async () => {
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "kept" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "kept-shop"
}
`);
    await ws.init();
    await ws.apply();
    ctx.svc.sim.advanceClock(2 * HOUR_MS);
    expect(liveNamed("kept-shop")).toHaveLength(1);
    await ws.destroy();
  });

  test("auto_destroy_after reaches the service as destroyInterval; the plan after the scheduled destroy says so and relaunches", async () => {
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "temp" {
  application_id     = "${DEMO.webshopApplicationId}"
  instance_name      = "review-app"
  auto_destroy_after = "8h"
}
`);
    await ws.init();
    await ws.apply();
    const id = (await ws.resource("appmgmt_instance.temp"))?.values.id as string;
    ctx.svc.sim.advanceClock(8 * HOUR_MS - 60_000);
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Running");
    ctx.svc.sim.advanceClock(2 * 60_000);
    const gone = await ctx.svc.client.getInstance(id);
    expect(gone.status).toBe("Destroyed");
    expect(gone.workflowHistory.map((w) => [w.name, w.status])).toEqual([
      ["launch", "Succeeded"],
      ["destroy", "Succeeded"],
    ]);

    const plan = await ws.plan();
    expect(plan.stdout + plan.stderr).toMatch(/was destroyed by its schedule/);
    expect(plan.stdout + plan.stderr).toMatch(/auto_destroy_after \(8h\) ran out,\s+not terraform/);
    expect(await ws.plannedChanges()).toEqual([{ address: "appmgmt_instance.temp", action: "create" }]);
  });
});
