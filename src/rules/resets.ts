// What a reconfigure resets (seed 4.6 rules 1-3): the service sets every parameter the request does not
// list back to its default, so a reconfigure that leaves a value out may change it. The one rule for it:
// the provider's plan warnings and `appmgmt review` both call reconfigureResets, so they name the same
// values (ARCHITECTURE.md §4).
//
// A reset is claimed only where the plan can prove it: the manifest of the version the instance runs
// after the reconfigure gives the default, and the value now differs from it. Everything else the request
// leaves out is a possible reset, whose outcome depends on what the plan cannot see: the defaults
// (no manifest), a submodule's defaults (in its own application's manifest), a revision's stored values.

import type { Manifest } from "../manifest/types";
import { isUnknown, type Unsure } from "../util/unknown";
import { binderOf } from "./binder";
import { naturalCompare, naturalKeys } from "./natural-order";
import type { Finding, InstanceConfig } from "./types";

/** A value the reconfigure certainly changes. */
export interface Reset {
  /** E.g. ["parameters", "input.replicas"]. */
  path: Finding["path"];
  /** The instance's value now. */
  current: string;
  /**
   * The value after the reconfigure: the manifest default ("" for a parameter declared without one);
   * undefined when the target version does not declare the parameter at all (it is dropped).
   */
  default?: string;
}

/** Why the outcome of leaving a value out cannot be known at plan time. */
export type UnknownOutcome =
  /** No manifest known at plan time (or one that is not the target version's): the defaults are unknown. */
  | "no-manifest"
  /** A free submodule parameter: its default is in the submodule application's own manifest. */
  | "submodule-default"
  /** The request names a revision: its stored values, else the defaults, fill the gaps. */
  | "revision";

/** A value the request does not list whose outcome the plan cannot know: it may be reset. */
export interface PossibleReset {
  path: Finding["path"];
  current: string;
  because: UnknownOutcome;
  /**
   * Without a manifest, the main parameters whose value equals this submodule value: the service gives a
   * bound parameter its main parameter's value, so the value may follow one of these instead.
   */
  mayFollow?: string[];
}

export interface ResetInput {
  /** The instance's actual main parameter values now (its effective parameters); {} when unknown. */
  current: Record<string, string>;
  /** The instance's actual submodule parameter values now, by submodule. */
  currentSubmodules?: Record<string, Record<string, string>>;
  /** The configuration the reconfigure sends (parameters left out: none listed). */
  after: InstanceConfig;
  /** Submodule values left out whose default under the version kept is known (submodule-defaults.ts). */
  submoduleDefaults?: Record<string, Record<string, string>>;
  /** Whether the reconfigure names a revision. */
  afterRevision?: boolean;
  /**
   * Which manifest version the instance runs after the reconfigure: "same" as now, "other" (the manifest
   * given is then taken as that version's), or not known at plan time. An unknown listing is skipped.
   */
  targetVersion: Unsure<"same" | "other">;
}

export interface ResetPlan {
  /** Whether the manifest describes the target version: the main parameters' resets are then exact. */
  manifestApplies: boolean;
  /** Values the reconfigure changes for certain, in natural order of their paths. */
  resets: Reset[];
  /** Values it leaves out whose outcome the plan cannot know, in natural order of their paths. */
  possible: PossibleReset[];
}

/**
 * What a reconfigure to `input.after` resets. `manifest` is the manifest text the configuration gives;
 * it describes the target version when the version changes (to a known or an unknown version), or when
 * its parameters are the ones the instance reports now (else it is some other version's and only its
 * bindings are used).
 */
export function reconfigureResets(manifest: Manifest | undefined, input: ResetInput): ResetPlan {
  const current = input.current;
  // a manifest whose version is unknown at plan time is taken as the target's: it comes with the version
  // (both from an appmgmt_application uploading it), and its defaults are then the ones that apply
  const manifestApplies =
    manifest !== undefined && (input.targetVersion !== "same" || sameNames(manifest.parameters, current));
  const resets: Reset[] = [];
  const possible: PossibleReset[] = [];

  const listed = input.after.parameters;
  if (!isUnknown(listed)) {
    const names = new Set([
      ...Object.keys(current),
      ...(manifestApplies ? Object.keys(manifest.parameters) : []),
    ]);
    for (const name of [...names].sort(naturalCompare)) {
      if (listed !== undefined && Object.hasOwn(listed, name)) continue;
      // a value the service does not report is nothing the plan can say is lost
      if (!Object.hasOwn(current, name)) continue;
      const now = current[name];
      const path = ["parameters", name];
      if (input.afterRevision) possible.push({ path, current: now, because: "revision" });
      else if (!manifestApplies) possible.push({ path, current: now, because: "no-manifest" });
      else if (!Object.hasOwn(manifest.parameters, name)) resets.push({ path, current: now });
      else {
        // a parameter the manifest declares without a default gets the empty string (manifestDefaults)
        const fallback = manifest.parameters[name].default ?? "";
        if (now !== fallback) resets.push({ path, current: now, default: fallback });
      }
    }
  }

  const wanted = input.after.submodules;
  if (isUnknown(wanted)) return { manifestApplies, resets, possible };
  const actualSubs = input.currentSubmodules ?? {};
  for (const sub of naturalKeys(actualSubs)) {
    const desired = wanted !== undefined && Object.hasOwn(wanted, sub) ? wanted[sub] : undefined;
    if (isUnknown(desired) || isUnknown(desired?.parameters)) continue;
    const keep = desired?.parameters ?? {};
    const defaults = input.submoduleDefaults?.[sub];
    for (const name of naturalKeys(actualSubs[sub])) {
      if (Object.hasOwn(keep, name)) continue;
      // a bound parameter follows the parameter that binds it, whose own change or reset is listed there
      if (manifest && binderOf(manifest, sub, name) !== undefined) continue;
      const now = actualSubs[sub][name];
      const path = ["submodules", sub, "parameters", name];
      if (defaults && Object.hasOwn(defaults, name)) {
        if (now !== defaults[name]) resets.push({ path, current: now, default: defaults[name] });
      } else if (input.afterRevision) possible.push({ path, current: now, because: "revision" });
      else if (manifest) possible.push({ path, current: now, because: "submodule-default" });
      else {
        // a nested submodule's values are bound by its parent's pins, not by main parameters
        const mayFollow = (sub.includes("/") ? [] : Object.keys(current))
          .filter((main) => current[main] === now)
          .sort(naturalCompare);
        possible.push({
          path,
          current: now,
          because: "no-manifest",
          ...(mayFollow.length ? { mayFollow } : {}),
        });
      }
    }
  }
  return { manifestApplies, resets, possible };
}

/**
 * Whether the manifest proves that the reconfigure leaves every value on the service as it is: it
 * applies, resets and possibly resets nothing, the version stays and no revision is named, and every
 * value it lists is the value the service reports now. Such a reconfigure need not be sent.
 */
export function leavesEverythingAsIs(plan: ResetPlan, input: ResetInput): boolean {
  if (!plan.manifestApplies || input.targetVersion !== "same" || input.afterRevision) return false;
  if (plan.resets.length > 0 || plan.possible.length > 0) return false;
  const same = (want: Record<string, unknown> | undefined, now: Record<string, string> | undefined) =>
    !isUnknown(want) &&
    Object.entries(want ?? {}).every(
      ([k, v]) => !isUnknown(v) && now !== undefined && Object.hasOwn(now, k) && now[k] === v,
    );
  if (!same(input.after.parameters, input.current)) return false;
  const wanted = input.after.submodules;
  if (isUnknown(wanted)) return false;
  const actualSubs = input.currentSubmodules ?? {};
  return Object.entries(wanted ?? {}).every(
    ([sub, s]) =>
      !isUnknown(s) && same(s?.parameters, Object.hasOwn(actualSubs, sub) ? actualSubs[sub] : undefined),
  );
}

/** Whether two objects have the same keys (a manifest's parameters and the values an instance reports). */
export function sameNames(a: object, b: object): boolean {
  const ak = Object.keys(a);
  return ak.length === Object.keys(b).length && ak.every((k) => Object.hasOwn(b, k));
}
