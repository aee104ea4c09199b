// After a launch whose answer was lost: the instance it created, looked up among the application's instances.
// Names may repeat (the service allows it), so only an instance that was not there before the launch can be
// the one it created: the caller says which ids were there. The service may list a new instance a moment
// after answering, so the list is read a few times, on a schedule kept as data beside the retry policy.
// Nothing here ever launches.

import type { AppMgmtClient } from "./client";
import { abortableSleep } from "./sleep";
import type { CallOptions, InstanceSummary } from "./types";

export interface LaunchedLookup {
  /** How many times the instance list is read. */
  reads: number;
  /** Pause before the second read; it doubles before each later one. */
  firstPauseMs: number;
}

export const DEFAULT_LAUNCHED_LOOKUP: LaunchedLookup = { reads: 3, firstPauseMs: 1000 };

export interface LaunchedWanted {
  applicationId: string;
  name: string;
  /** Environment the launch went to. */
  environmentId: string;
  /** Ids of the instances that existed before the launch (any name): never the launched one. */
  before: ReadonlySet<string>;
}

/**
 * The live (not Destroyed) instances named `name` of the application in the environment that were not there
 * before the launch: one when the launch took effect; none when the last read still lists none; several when
 * someone else launched the same name meanwhile (the caller cannot tell which is its own). Failed list calls
 * throw (after their own retries).
 */
export async function findLaunchedInstances(
  client: Pick<AppMgmtClient, "listApplicationInstances">,
  wanted: LaunchedWanted,
  o: CallOptions & { lookup?: LaunchedLookup } = {},
): Promise<InstanceSummary[]> {
  const { lookup = DEFAULT_LAUNCHED_LOOKUP, ...call } = o;
  for (let read = 1; ; read++) {
    const matches = (await client.listApplicationInstances(wanted.applicationId, call)).filter(
      (i) =>
        i.name === wanted.name &&
        i.application === wanted.applicationId &&
        i.environment === wanted.environmentId &&
        i.status !== "Destroyed" &&
        !wanted.before.has(i.id),
    );
    if (matches.length > 0 || read >= lookup.reads) return matches;
    await abortableSleep(lookup.firstPauseMs * 2 ** (read - 1), o.signal);
  }
}
