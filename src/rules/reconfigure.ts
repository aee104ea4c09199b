// The one answer to "does this change reach the service, and what does it reset" (ARCHITECTURE.md §4),
// asked by the provider's plan and update and by `appmgmt review` with the same data: what the state
// says the configuration asked and the service holds, and what the configuration asks now.

import { setOwn } from "../util/own";
import { isUnknown, sameValue, UNKNOWN } from "../util/unknown";
import { manifestOf, rulesConfig, type DesiredInstance } from "./desired";
import { leavesEverythingAsIs, reconfigureResets, type ResetInput, type ResetPlan } from "./resets";
import {
  defaultsKept,
  withChildManifestDefaults,
  withManifestDefaults,
  type SubmoduleDefaults,
} from "./submodule-defaults";

/** The instance as terraform's state last saw it. */
export interface InstanceNow {
  /** What the configuration asked when the state was written (the state's configured attributes). */
  asked: DesiredInstance;
  /** The main parameter values the service reports (effective_parameters); {} when unknown. */
  parameters: Record<string, string>;
  /** Every submodule's parameter values the service reports, by path key. */
  submodules: Record<string, Record<string, string>>;
  /** Submodule values terraform last left to their defaults, by path key (submodule-defaults.ts). */
  submoduleDefaults?: Record<string, SubmoduleDefaults>;
}

export type ServiceChange =
  /** Only terraform-side settings differ (manifest text, timeouts): nothing is sent. */
  | { reachesService: false; because: "local-only" }
  /** The manifest proves the reconfigure would leave every value as it is: nothing is sent. */
  | { reachesService: false; because: "proven-unchanged" }
  /** One reconfigure with the complete configuration, and what it resets. */
  | { reachesService: true; resets: ResetPlan; input: ResetInput };

/** The rules' answer for an update: what its prior state says (`now`) against what is asked. */
export function serviceChange({
  now,
  desired,
}: {
  now?: InstanceNow;
  desired: DesiredInstance;
}): ServiceChange {
  if (!now) throw new Error("serviceChange answers for an update: the change has no prior state");
  if (!askedDiffers(now.asked, desired)) return { reachesService: false, because: "local-only" };
  const input = resetInput(now, desired);
  const resets = reconfigureResets(manifestOf(desired), input);
  if (submoduleVersionsKept(now.asked, desired) && leavesEverythingAsIs(resets, input))
    return { reachesService: false, because: "proven-unchanged" };
  return { reachesService: true, resets, input };
}

/** Whether the parameters, submodules, revision or a configured manifest version differ from the state's. */
function askedDiffers(asked: DesiredInstance, desired: DesiredInstance): boolean {
  return (
    !sameValue(asked.parameters ?? {}, desired.parameters ?? {}) ||
    !sameValue(submoduleSettings(asked), submoduleSettings(desired)) ||
    !sameValue(asked.revisionId, desired.revisionId) ||
    (desired.manifestVersion !== undefined && !sameValue(asked.manifestVersion, desired.manifestVersion))
  );
}

/**
 * Submodules with `parameters` unset and empty alike: both send no value. A submodule's manifest is never sent,
 * so an entry that gives only that (or nothing) asks nothing of the service.
 */
function submoduleSettings(d: DesiredInstance): unknown {
  const subs = d.submodules;
  if (subs === undefined || isUnknown(subs)) return subs ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(subs)) {
    const asks = isUnknown(s) ? s : { ...s, parameters: s.parameters ?? {}, manifest: undefined };
    if (!sameValue(asks, { parameters: {} })) setOwn(out, k, asks);
  }
  return out;
}

function resetInput(now: InstanceNow, desired: DesiredInstance): ResetInput {
  const v = desired.manifestVersion;
  const sameVersion = v === undefined || (!isUnknown(v) && v === now.asked.manifestVersion);
  const known = withChildManifestDefaults(
    withManifestDefaults(now.submoduleDefaults, manifestOf(desired)),
    now.submodules,
    now.asked,
    desired,
  );
  const defaults = defaultsKept(known, desired, sameVersion);
  return {
    current: now.parameters,
    currentSubmodules: now.submodules,
    ...(defaults && { submoduleDefaults: defaults }),
    after: rulesConfig(desired),
    // a revision applies its stored values, which the plan cannot see
    afterRevision: desired.revisionId !== undefined,
    targetVersion: isUnknown(v)
      ? UNKNOWN
      : v !== undefined && v !== now.asked.manifestVersion
        ? "other"
        : "same",
  };
}

/** A configured submodule manifest_version that differs from the state's moves the submodule. */
function submoduleVersionsKept(asked: DesiredInstance, desired: DesiredInstance): boolean {
  const before = asked.submodules;
  const wanted = desired.submodules;
  if (isUnknown(wanted)) return false;
  return Object.entries(wanted ?? {}).every(([key, s]) => {
    if (isUnknown(s)) return false;
    if (s.manifestVersion === undefined) return true;
    const was = before && !isUnknown(before) && Object.hasOwn(before, key) ? before[key] : undefined;
    return was !== undefined && !isUnknown(was) && sameValue(s.manifestVersion, was.manifestVersion);
  });
}
