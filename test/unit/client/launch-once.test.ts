// The lookup after a launch whose answer was lost: list reads on the client's schedule, never a launch, and
// never an instance that was there before the launch (names may repeat).
import { DEFAULT_LAUNCHED_LOOKUP, findLaunchedInstances } from "../../../src/client/launch-once";
import type { InstanceSummary } from "../../../src/client/types";

const ENV = "5f0000000000000000000e01";
const APP = "5f0000000000000000000a11";
const OLDER = "a00000000000000000000001";

const summary = (over: Partial<InstanceSummary>): InstanceSummary => ({
  id: OLDER,
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
    listApplicationInstances: async (appId: string) => {
      expect(appId).toBe(APP);
      reads.push(Date.now());
      return lists[Math.min(reads.length - 1, lists.length - 1)];
    },
  };
}

const wanted = (before: string[] = []) => ({
  applicationId: APP,
  name: "shop",
  environmentId: ENV,
  before: new Set(before),
});

describe("findLaunchedInstances", () => {
  it("reads the list again until the named instance shows, pausing twice as long each time", async () => {
    const shown = summary({ id: "a00000000000000000000002" });
    const client = listing([], [], [shown]);
    const found = await findLaunchedInstances(client, wanted(), { lookup: { reads: 3, firstPauseMs: 40 } });
    expect(found).toEqual([shown]);
    expect(client.reads).toHaveLength(3);
    const [a, b, c] = client.reads;
    expect(b - a).toBeGreaterThanOrEqual(35);
    expect(c - b).toBeGreaterThanOrEqual(75);
  });

  it("never adopts an instance of the same name that was there before the launch", async () => {
    const mine = summary({ id: "a00000000000000000000002" });
    const client = listing([summary({}), mine]);
    expect(
      await findLaunchedInstances(client, wanted([OLDER]), { lookup: { reads: 1, firstPauseMs: 1 } }),
    ).toEqual([mine]);
    const onlyOlder = listing([summary({})]);
    expect(
      await findLaunchedInstances(onlyOlder, wanted([OLDER]), { lookup: { reads: 2, firstPauseMs: 1 } }),
    ).toEqual([]);
    expect(onlyOlder.reads).toHaveLength(2);
  });

  it("gives up after the schedule's reads; Destroyed, another application's or environment's do not count", async () => {
    const client = listing([
      summary({ status: "Destroyed" }),
      summary({ application: "5f0000000000000000000a12" }),
      summary({ environment: "5f0000000000000000000e02" }),
      summary({ name: "shop-2" }),
    ]);
    const found = await findLaunchedInstances(client, wanted(), { lookup: { reads: 2, firstPauseMs: 1 } });
    expect(found).toEqual([]);
    expect(client.reads).toHaveLength(2);
  });

  it("stops when the signal aborts during a pause", async () => {
    const client = listing([]);
    const stop = new AbortController();
    const lookup = findLaunchedInstances(client, wanted(), {
      signal: stop.signal,
      lookup: DEFAULT_LAUNCHED_LOOKUP,
    });
    setTimeout(() => stop.abort(new Error("stopped")), 20);
    await expect(lookup).rejects.toThrow("stopped");
    expect(client.reads).toHaveLength(1);
  });
});
