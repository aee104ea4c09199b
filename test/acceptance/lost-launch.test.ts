// A launch whose answer is lost and whose lookup by name fails too (ARCHITECTURE.md §5): the apply fails with
// the instance in the state, tainted and without an id, and no later apply launches the name twice.
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";

const ADDRESS = "appmgmt_instance.shop";
const NAME = "lost-shop";
const LAUNCH = "POST /api/1/applications/:id/launch";
const LOOKUP = "GET /api/1/applications/:id/instances";

describe("a lost launch answer whose lookup fails", () => {
  const ctx = useTerraformAgainstSimulator();

  const live = () => ctx.svc.sim.instances().filter((i) => i.name === NAME && i.status !== "Destroyed");
  const launches = (since: number) =>
    ctx.svc.sim.stats.requestsSince(since).filter((r) => r.path.endsWith("/launch")).length;

  beforeAll(async () => {
    // no client retries: the lookup's 408 fails it at once
    ctx.tf.writeMain(`${requiredProvidersSnippet()}

provider "appmgmt" {
  max_retries = 0
}

resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "${NAME}"
}
`);
    await ctx.tf.init();
  });

  afterAll(() => ctx.svc.sim.setFaults({}));

  test("fails the apply and keeps the launch in the state, tainted, without an id", async () => {
    const before = ctx.svc.sim.stats.requestCount;
    // the launch is served and its answer lost; from then on the instance list fails
    ctx.svc.sim.faults.fix(
      LAUNCH,
      { kind: "reset", afterServing: true },
      { times: 1, then: () => ctx.svc.sim.faults.fix(LOOKUP, { kind: "status", status: 408 }) },
    );
    const run = await ctx.tf.apply({ check: false });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is unknown");
    expect(run.stderr).toMatch(new RegExp(`looking up instance "${NAME}"\\s+failed`));

    const res = await ctx.tf.resource(ADDRESS);
    expect(res?.tainted).toBe(true);
    expect(res?.values.id).toBeNull();
    expect(res?.values.instance_name).toBe(NAME);
    expect(launches(before)).toBe(1);
    expect(live()).toHaveLength(1); // the launch took effect: the state must not forget it
  });

  test("a destroy without refresh while the lookup fails keeps the launch in the state", async () => {
    const run = await ctx.tf.run(["destroy", "-auto-approve", "-refresh=false", "-no-color", "-input=false"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("still unknown");
    expect((await ctx.tf.resource(ADDRESS))?.values.id).toBeNull();
    expect(live()).toHaveLength(1);
  });

  test("while the lookup still fails, apply fails again and launches nothing", async () => {
    const before = ctx.svc.sim.stats.requestCount;
    const run = await ctx.tf.apply({ check: false });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("still unknown");
    expect(launches(before)).toBe(0);
    expect((await ctx.tf.resource(ADDRESS))?.tainted).toBe(true);
    expect(live()).toHaveLength(1);
  });

  test("the next apply finds the instance, replaces it, and leaves exactly one live instance, in the state", async () => {
    ctx.svc.sim.setFaults({});
    const lostId = live()[0].id;
    await ctx.tf.apply();

    const res = await ctx.tf.resource(ADDRESS);
    expect(res?.tainted).toBe(false);
    const id = res?.values.id as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(live().map((i) => i.id)).toEqual([id]);
    // the tainted instance was destroyed before the new launch: never two live
    expect((await ctx.svc.client.getInstance(lostId)).status).toBe("Destroyed");
    expect(await ctx.tf.plannedChanges()).toEqual([]);
  });
});
