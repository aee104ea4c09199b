// ARCHITECTURE.md §8's fault bar at test scale: with a fifth of all calls failing (500/502/503/429 and connection
// resets, half of them after the call was served), repeated applies converge with no duplicate and no
// orphaned instance, and repeated destroys leave nothing behind. The simulator draws each kind of call's
// faults from its own seeded stream, so the n-th launch meets the same fault whatever the number of status
// polls (which follows timing) in between.
import type { FaultOptions } from "../../src/simulator/faults";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { describeRun, PROVIDER_HCL, type TerraformRun } from "../helpers/terraform";

const COUNT = 8;
const MAX_ROUNDS = 6;
const SHARE = 0.2;
// Resets take a quarter of the failing calls; the injector draws them first, then a status among the rest.
const FAULTS: FaultOptions = {
  resetRate: SHARE / 4,
  rate: (SHARE - SHARE / 4) / (1 - SHARE / 4),
  statuses: [500, 502, 503, 429],
  // launch stream of seed 15: the 4th launch gets a 503, the 5th is served and its answer lost (a reset)
  seed: 15,
};
const NO_FAULTS: FaultOptions = { rate: 0, resetRate: 0 };
const FLAGS = ["-no-color", "-input=false", "-parallelism=1"];

describe("apply and destroy under injected faults", () => {
  const ctx = useTerraformAgainstSimulator();

  /** Runs `command` until it exits 0 and `converged` holds; the runs, the last one converged (or not). */
  async function rounds(args: string[], converged: () => Promise<boolean>): Promise<TerraformRun[]> {
    const runs: TerraformRun[] = [];
    while (runs.length < MAX_ROUNDS) {
      const run = await ctx.tf.run([...args, ...FLAGS]);
      runs.push(run);
      if (run.code === 0 && (await converged())) return runs;
    }
    throw new Error(`no convergence in ${MAX_ROUNDS} rounds; last:\n${describeRun(runs.at(-1)!)}`);
  }

  const live = () => ctx.svc.sim.instances().filter((i) => i.status !== "Destroyed");

  beforeAll(async () => {
    ctx.tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "f" {
  count          = ${COUNT}
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "fault-\${count.index}"
}
`);
    await ctx.tf.init();
  });

  afterEach(() => ctx.svc.sim.setFaults(NO_FAULTS));

  test("apply converges with zero duplicates and zero orphans", async () => {
    const before = ctx.svc.sim.stats.requestCount;
    ctx.svc.sim.setFaults(FAULTS);
    const runs = await rounds(["apply", "-auto-approve"], async () => {
      const plan = await ctx.tf.run(["plan", "-detailed-exitcode", ...FLAGS]);
      return plan.code === 0;
    });
    ctx.svc.sim.setFaults(NO_FAULTS);

    const launches = ctx.svc.sim.stats.requestsSince(before).filter((r) => r.path.endsWith("/launch"));
    const answered = launches.filter((r) => r.status === 200).length;
    // with this seed a launch's answer is lost after the service acted (a reset: found by name, not
    // relaunched) and another gets a 5xx (nothing created: launched again in the next round)
    expect(launches.some((r) => r.status >= 500)).toBe(true);
    expect(answered).toBeLessThan(COUNT);
    expect(runs.length).toBeGreaterThan(1);
    // never more instances created than configured: nothing was launched twice
    expect(ctx.svc.sim.instances()).toHaveLength(COUNT);

    const state = await ctx.tf.state();
    expect(state).toHaveLength(COUNT);
    expect(state.filter((r) => r.tainted)).toEqual([]);
    const names = live().map((i) => i.name);
    expect(new Set(names).size).toBe(names.length); // no duplicates
    expect(
      live()
        .map((i) => i.id)
        .sort(),
    ).toEqual(state.map((r) => r.values.id as string).sort()); // no orphans
    expect(live().every((i) => i.status === "Running")).toBe(true);
  });

  test("destroy converges and leaves every instance Destroyed", async () => {
    ctx.svc.sim.setFaults(FAULTS);
    await rounds(["destroy", "-auto-approve"], async () => true);
    ctx.svc.sim.setFaults(NO_FAULTS);

    expect(await ctx.tf.state()).toEqual([]);
    expect(live()).toEqual([]);
    expect(ctx.svc.sim.instances()).not.toHaveLength(0);
  });
});
