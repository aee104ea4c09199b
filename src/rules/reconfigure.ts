// The one answer to "does this change reach the service, and what does it reset" (ARCHITECTURE.md §4),
// asked by the provider's plan and update and by `appmgmt review` with the same data: what the state
// says the configuration asked and the service holds, and what the configuration asks now.

import { setOwn } from "../own";
import { isKnownAfterApply, manifestOf, rulesConfig, type DesiredInstance } from "./desired";
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

export function serviceChange(now: InstanceNow, desired: DesiredInstance): ServiceChange {
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
    !same(asked.parameters ?? {}, desired.parameters ?? {}) ||
    !same(submoduleSettings(asked), submoduleSettings(desired)) ||
    !same(asked.revisionId, desired.revisionId) ||
    (desired.manifestVersion !== undefined && !same(asked.manifestVersion, desired.manifestVersion))
  );
}

/**
 * Submodules with `parameters` unset and empty alike: both send no value. A submodule's manifest is never sent,
 * so an entry that gives only that (or nothing) asks nothing of the service.
 */
function submoduleSettings(d: DesiredInstance): unknown {
  const subs = d.submodules;
  if (subs === undefined || isKnownAfterApply(subs)) return subs ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(subs)) {
    const asks = isKnownAfterApply(s) ? s : { ...s, parameters: s.parameters ?? {}, manifest: undefined };
    if (!same(asks, { parameters: {} })) setOwn(out, k, asks);
  }
  return out;
}

/** Deep equality of model values; a value known only after apply equals nothing, an undefined field is absent. */
function same(a: unknown, b: unknown): boolean {
  if (isKnownAfterApply(a) || isKnownAfterApply(b)) return false;
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  const fields = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const af = fields(a);
  const bf = new Map(fields(b));
  return af.length === bf.size && af.every(([k, v]) => bf.has(k) && same(v, bf.get(k)));
}

function resetInput(now: InstanceNow, desired: DesiredInstance): ResetInput {
  const v = desired.manifestVersion;
  const sameVersion = v === undefined || (!isKnownAfterApply(v) && v === now.asked.manifestVersion);
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
    targetVersion: isKnownAfterApply(v)
      ? "unknown"
      : v !== undefined && v !== now.asked.manifestVersion
        ? "other"
        : "same",
    isUnknown: isKnownAfterApply,
  };
}

/** A configured submodule manifest_version that differs from the state's moves the submodule. */
function submoduleVersionsKept(asked: DesiredInstance, desired: DesiredInstance): boolean {
  const before = asked.submodules;
  const wanted = desired.submodules;
  if (isKnownAfterApply(wanted)) return false;
  return Object.entries(wanted ?? {}).every(([key, s]) => {
    if (isKnownAfterApply(s)) return false;
    if (s.manifestVersion === undefined) return true;
    const was = before && !isKnownAfterApply(before) && Object.hasOwn(before, key) ? before[key] : undefined;
    return was !== undefined && !isKnownAfterApply(was) && same(s.manifestVersion, was.manifestVersion);
  });
}
