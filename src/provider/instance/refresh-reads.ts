// Which submodules a refresh reads (one status call each, ARCHITECTURE.md §8): those the configuration manages
// (drift in them must show), and all of them when their values in the state may be out of date. The others keep
// the values the last whole read put in effective_submodules, which the plan's reset warnings and the review
// take as what the service holds: still true while no workflow of the instance has run since that read.

import type { InstanceStatus } from "../../client/types";
import { setOwn } from "../../util/own";
import { isUnknown } from "../../terraform-model";
import { knownEntries, submoduleValues, type InstanceModel, type StringMapModel } from "./model";
import type { InstancePrivate } from "./private";

/**
 * "all" after an import (every value goes into the state), when the private state holds no whole read (a
 * state from an apply cut short, or an older provider), when the instance's workflowHistory grew since it
 * (a reconfigure, by terraform or anyone else, may have changed any value; a service reporting no history
 * cannot tell), or when its submodules are not the ones the state lists; else the managed path keys.
 */
export function submodulesToRead(
  prior: InstanceModel,
  priv: InstancePrivate,
  top: InstanceStatus,
): "all" | Set<string> {
  const history = top.workflowHistory.length;
  if (priv.imported || history === 0 || priv.historyAtFullRead !== history) return "all";
  const effective = prior.effectiveSubmodules;
  if (effective === null || isUnknown(effective)) return "all";
  const listed = new Set(Object.keys(effective).filter((key) => !key.includes("/")));
  const names = new Set(top.components.map((c) => c.name));
  if (names.size !== listed.size || [...names].some((n) => !listed.has(n))) return "all";
  return new Set(knownEntries(prior.submodules).map(([key]) => key));
}

/**
 * The mark of a whole read of `s` (read whole: every submodule's settings) for the private state: its
 * workflowHistory's length. None where it would save no read, which spares its bytes in every state: when the
 * configuration that applied or last read it (`managed`, its submodules) manages every submodule `s` has, or
 * the service reports no history.
 */
export function wholeReadMark(s: InstanceStatus, managed: InstanceModel): number | undefined {
  const configured = new Set(knownEntries(managed.submodules).map(([key]) => key));
  const unmanaged = Object.keys(s.submodules).some((key) => !configured.has(key));
  return unmanaged && s.workflowHistory.length > 0 ? s.workflowHistory.length : undefined;
}

/** effective_submodules after a refresh: what it read, and the state's values of the submodules it did not. */
export function refreshedSubmoduleValues(
  prior: InstanceModel,
  s: InstanceStatus,
  read: "all" | Set<string>,
): Record<string, StringMapModel> {
  const fresh = submoduleValues(s);
  if (read === "all") return fresh;
  const out: Record<string, StringMapModel> = {};
  for (const [key, values] of knownEntries(prior.effectiveSubmodules)) if (values) setOwn(out, key, values);
  for (const [key, values] of Object.entries(fresh)) setOwn(out, key, values);
  return out;
}
