// appmgmt_instance through its whole life with the real terraform binary against the simulator:
// create, in-place update, drift (out-of-band change and destroy), replacement, destroy. The steps run
// in order in one working directory; each checks the service as well as terraform's state.
import { waitForInstance } from "../../src/client";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const ADDRESS = "appmgmt_instance.web";
/** Launches without manifest_version run the latest webshop manifest, v2, which adds input.replicas. */
const V2_DEFAULTS = { "input.replicas": "1" };

function config(opts: { dbSize?: string; environmentId?: string }): string {
  const env = opts.environmentId ? `environment_id = "${opts.environmentId}"` : "";
  const dbSize = opts.dbSize ? `"input.db-size" = "${opts.dbSize}"` : "";
  return `${PROVIDER_HCL}
resource "appmgmt_instance" "web" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "web"
  ${env}
  parameters = {
    "input.app-fork" = "release-2"
    ${dbSize}
  }
  submodules = {
    db = { parameters = { "input.engine" = "postgres-16" } }
  }
}
`;
}

describe("appmgmt_instance lifecycle", () => {
  const ctx = useTerraformAgainstSimulator();
  let id: string;

  const stateId = async () => (await ctx.tf.resource(ADDRESS))?.values.id as string | undefined;
  const reconfigures = (instanceId: string) =>
    ctx.svc.sim.stats.requests.filter(
      (r) => r.method === "PUT" && r.path === `/api/1/instances/${instanceId}/configuration`,
    ).length;

  beforeAll(async () => {
    ctx.tf.writeMain(config({}));
    await ctx.tf.init();
  });

  test("create launches the instance and waits until it runs", async () => {
    await ctx.tf.apply();
    const res = await ctx.tf.resource(ADDRESS);
    expect(res?.values).toMatchObject({
      status: "Running",
      environment_id: DEMO.defaultEnvironmentId,
      instance_name: "web",
    });
    id = res?.values.id as string;

    const onService = await ctx.svc.client.getInstance(id);
    expect(onService).toMatchObject({
      status: "Running",
      name: "web",
      environment: DEMO.defaultEnvironmentId,
    });
    expect(onService.parameters).toEqual({
      "input.app-fork": "release-2",
      "input.db-size": "small",
      ...V2_DEFAULTS,
    });
    expect(onService.submodules.db.parameters).toEqual({
      "input.size": "small",
      "input.engine": "postgres-16",
    });
    expect(res?.values.effective_parameters).toEqual(onService.parameters);
  });

  test("a parameter change is one reconfigure that keeps the unchanged values", async () => {
    ctx.tf.writeMain(config({ dbSize: "large" }));
    expect(await ctx.tf.plannedChanges()).toEqual([{ address: ADDRESS, action: "update" }]);
    await ctx.tf.apply();

    expect(await stateId()).toBe(id);
    expect(reconfigures(id)).toBe(1);
    const onService = await ctx.svc.client.getInstance(id);
    expect(onService.status).toBe("Running");
    expect(onService.parameters).toEqual({
      "input.app-fork": "release-2",
      "input.db-size": "large",
      ...V2_DEFAULTS,
    });
    expect(onService.submodules.db.parameters).toEqual({
      "input.size": "large",
      "input.engine": "postgres-16",
    });
  });

  test("an out-of-band parameter change shows as an update and is reverted", async () => {
    await ctx.svc.client.reconfigure(id, {
      parameters: { "input.app-fork": "hotfix", "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.parameters["input.app-fork"] === "hotfix",
      timeoutMs: 10_000,
    });

    expect(await ctx.tf.plannedChanges()).toEqual([{ address: ADDRESS, action: "update" }]);
    await ctx.tf.apply();
    expect((await ctx.svc.client.getInstance(id)).parameters["input.app-fork"]).toBe("release-2");
    expect((await ctx.tf.plan()).code).toBe(0);
  });

  test("an instance destroyed out of band is planned for creation and launched again", async () => {
    await ctx.svc.client.destroy(id);
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Destroyed", timeoutMs: 10_000 });

    expect(await ctx.tf.plannedChanges()).toEqual([{ address: ADDRESS, action: "create" }]);
    await ctx.tf.apply();
    const newId = await stateId();
    expect(newId).toMatch(/^[0-9a-f]{24}$/);
    expect(newId).not.toBe(id);
    expect((await ctx.svc.client.getInstance(newId as string)).status).toBe("Running");
    id = newId as string;
  });

  test("removing a parameter warns at plan that it resets to its default, and resets it", async () => {
    ctx.tf.writeMain(config({}));
    const plan = await ctx.tf.plan();
    expect(plan.code).toBe(2);
    expect(plan.stdout + plan.stderr).toMatch(/Warning:[^]*input\.db-size[^]*default/);
    await ctx.tf.apply();
    expect((await ctx.svc.client.getInstance(id)).parameters).toEqual({
      "input.app-fork": "release-2",
      "input.db-size": "small",
      ...V2_DEFAULTS,
    });
  });

  test("changing the environment replaces the instance", async () => {
    ctx.tf.writeMain(config({ environmentId: DEMO.stagingEnvironmentId }));
    expect(await ctx.tf.plannedChanges()).toEqual([{ address: ADDRESS, action: "replace" }]);
    await ctx.tf.apply();

    const newId = (await stateId()) as string;
    expect(newId).not.toBe(id);
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Destroyed");
    const onService = await ctx.svc.client.getInstance(newId);
    expect(onService).toMatchObject({ status: "Running", environment: DEMO.stagingEnvironmentId });
    expect(onService.parameters).toEqual({
      "input.app-fork": "release-2",
      "input.db-size": "small",
      ...V2_DEFAULTS,
    });
    id = newId;
  });

  test("destroy runs the destroy workflow and empties the state", async () => {
    await ctx.tf.destroy();
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Destroyed");
    expect(await ctx.tf.state()).toEqual([]);
    const live = ctx.svc.sim.instances().filter((i) => i.status !== "Destroyed");
    expect(live).toEqual([]);
  });

  test("all the provider processes of all these commands shared one session token", () => {
    expect(ctx.svc.sim.stats.tokenCalls).toBe(1);
  });
});
