// After a launch whose answer was lost: the instance it named, looked up in the environment's list. The
// service may list a new instance a moment after answering, so the list is read a few times, on a
// schedule kept as data beside the retry policy. Nothing here ever launches.

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

/**
 * The live (not Destroyed) instance named `name` of application `applicationId` in environment `envId`, or
 * undefined when the last read still does not list it. Failed list calls throw (after their own retries).
 */
export async function findLaunchedInstance(
  client: Pick<AppMgmtClient, "listInstances">,
  envId: string,
  wanted: { applicationId: string; name: string },
  o: CallOptions & { lookup?: LaunchedLookup } = {},
): Promise<InstanceSummary | undefined> {
  const { lookup = DEFAULT_LAUNCHED_LOOKUP, ...call } = o;
  for (let read = 1; ; read++) {
    const match = (await client.listInstances(envId, call)).find(
      (i) => i.name === wanted.name && i.application === wanted.applicationId && i.status !== "Destroyed",
    );
    if (match || read >= lookup.reads) return match;
    await abortableSleep(lookup.firstPauseMs * 2 ** (read - 1), o.signal);
  }
}
