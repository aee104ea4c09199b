// The lookup after a launch whose answer was lost: list reads on the client's schedule, never a launch.
import { DEFAULT_LAUNCHED_LOOKUP, findLaunchedInstance } from "../../../src/client/launched-instance";
import type { InstanceSummary } from "../../../src/client/types";

const ENV = "5f0000000000000000000e01";
const APP = "5f0000000000000000000a11";

const summary = (over: Partial<InstanceSummary>): InstanceSummary => ({
  id: "a00000000000000000000001",
  name: "shop",
  application: APP,
  revision: "5f00000000000000000000f1",
  environment: ENV,
  status: "Running",
  ...over,
});

/** A client whose n-th list read answers lists[n] (the last one again after that), recording the reads. */
function listing(...lists: InstanceSummary[][]) {
  const reads: number[] = [];
  return {
    reads,
    listInstances: async (envId: string) => {
      expect(envId).toBe(ENV);
      reads.push(Date.now());
      return lists[Math.min(reads.length - 1, lists.length - 1)];
    },
  };
}

describe("findLaunchedInstance", () => {
  it("reads the list again until the named instance shows, pausing twice as long each time", async () => {
    const shown = summary({ id: "a00000000000000000000002" });
    const client = listing([], [], [shown]);
    const found = await findLaunchedInstance(
      client,
      ENV,
      { applicationId: APP, name: "shop" },
      { lookup: { reads: 3, firstPauseMs: 40 } },
    );
    expect(found).toEqual(shown);
    expect(client.reads).toHaveLength(3);
    const [a, b, c] = client.reads;
    expect(b - a).toBeGreaterThanOrEqual(35);
    expect(c - b).toBeGreaterThanOrEqual(75);
  });

  it("gives up after the schedule's reads; a Destroyed instance or another application's does not count", async () => {
    const client = listing([
      summary({ status: "Destroyed" }),
      summary({ application: "5f0000000000000000000a12" }),
      summary({ name: "shop-2" }),
    ]);
    const found = await findLaunchedInstance(
      client,
      ENV,
      { applicationId: APP, name: "shop" },
      { lookup: { reads: 2, firstPauseMs: 1 } },
    );
    expect(found).toBeUndefined();
    expect(client.reads).toHaveLength(2);
  });

  it("stops when the signal aborts during a pause", async () => {
    const client = listing([]);
    const stop = new AbortController();
    const lookup = findLaunchedInstance(
      client,
      ENV,
      { applicationId: APP, name: "shop" },
      { signal: stop.signal, lookup: DEFAULT_LAUNCHED_LOOKUP },
    );
    setTimeout(() => stop.abort(new Error("stopped")), 20);
    await expect(lookup).rejects.toThrow("stopped");
    expect(client.reads).toHaveLength(1);
  });
});
