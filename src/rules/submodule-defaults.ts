// Submodule values whose outcome a reconfigure that leaves them out is known (issue 39 item 1): a submodule's
// defaults are in its own application's manifest, which the plan does not see, but the provider records the
// values terraform's last launch or reconfigure left to their defaults, with the submodule's manifest version
// then. A reconfigure that keeps that version resets them to the same defaults: certainly no change where the
// value is still at it, certainly a reset to it where it was changed since. A manifest may restate a submodule's
// defaults in its component's configuration (`withSubmoduleManifests` writes them): those are known too. So are
// those of a submodule's own manifest, its `manifest` setting (the child's `appmgmt_application` in the same
// configuration gives it), while the submodule runs the version that manifest describes. Everything else stays
// "possible".

import type { Manifest } from "../manifest/types";
import { setOwn } from "../util/own";
import { isUnknown, type Unsure } from "../util/unknown";
import { binderOf } from "./binder";
import { manifestOf, type DesiredInstance } from "./desired";
import { sameNames } from "./resets";

/** A submodule's values left to their defaults, and the manifest version they are the defaults of. */
export interface SubmoduleDefaults {
  /** The submodule's manifest version when recorded; undefined when already judged kept (the review). */
  version?: number;
  /** Parameter name → its default under that version. */
  values: Record<string, string>;
}

/**
 * The known defaults that hold for this reconfigure, by submodule path key: none when a revision or another
 * main manifest version decides the values, and per submodule only when its manifest version stays and no
 * revision of its own is named.
 */
export function defaultsKept(
  known: Record<string, SubmoduleDefaults> | undefined,
  desired: DesiredInstance,
  sameMainVersion: boolean,
): Record<string, Record<string, string>> | undefined {
  const wanted = desired.submodules;
  if (!known || !sameMainVersion || desired.revisionId !== undefined || isUnknown(wanted)) return undefined;
  const out: Record<string, Record<string, string>> = {};
  for (const [key, d] of Object.entries(known)) {
    const asked = wanted !== undefined && Object.hasOwn(wanted, key) ? wanted[key] : undefined;
    if (isUnknown(asked) || asked?.revisionId !== undefined) continue;
    const version = asked?.manifestVersion;
    if (version !== undefined && (isUnknown(version) || (d.version ?? version) !== version)) continue;
    out[key] = d.values;
  }
  return out;
}

/** The recorded defaults, with those the manifest restates for free submodule parameters the record lacks. */
export function withManifestDefaults(
  record: Record<string, SubmoduleDefaults> | undefined,
  manifest: Manifest | undefined,
): Record<string, SubmoduleDefaults> | undefined {
  const out: Record<string, SubmoduleDefaults> = { ...record };
  for (const sub of Object.values(manifest?.submodules ?? {})) {
    const restated = Object.values(sub.parameters).filter(
      (p) => p.default !== undefined && p.boundBy === undefined,
    );
    if (restated.length === 0) continue;
    const values = Object.fromEntries(restated.map((p) => [p.name, p.default!]));
    const recorded = Object.hasOwn(out, sub.name) ? out[sub.name] : undefined;
    out[sub.name] = recorded ? { ...recorded, values: { ...values, ...recorded.values } } : { values };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * `known` with the defaults each submodule's own manifest gives its free parameters (bound ones follow their
 * binder: the parent's manifest must be known to tell them), the recorded and restated values first. Only where
 * that manifest describes the version the submodule keeps: no other version than the state's configuration's is
 * configured for it, and its parameters are the ones the service reports for the submodule (`current`, as for
 * the main manifest: src/rules/resets.ts).
 */
export function withChildManifestDefaults(
  known: Record<string, SubmoduleDefaults> | undefined,
  current: Record<string, Record<string, string>>,
  asked: DesiredInstance,
  desired: DesiredInstance,
): Record<string, SubmoduleDefaults> | undefined {
  const parent = manifestOf(desired);
  const wanted = desired.submodules;
  if (!parent || wanted === undefined || isUnknown(wanted)) return known;
  const out: Record<string, SubmoduleDefaults> = { ...known };
  for (const [key, entry] of Object.entries(wanted)) {
    if (isUnknown(entry) || entry.manifest === undefined || isUnknown(entry.manifest)) continue;
    const child = "manifest" in entry.manifest ? entry.manifest.manifest : undefined;
    const now = Object.hasOwn(current, key) ? current[key] : undefined;
    if (!child || !now || !sameNames(child.parameters, now)) continue;
    if (!versionKept(asked, key, entry.manifestVersion)) continue;
    const values: Record<string, string> = {};
    for (const p of Object.values(child.parameters))
      if (p.default !== undefined && binderOf(parent, key, p.name) === undefined)
        setOwn(values, p.name, p.default);
    const had = Object.hasOwn(out, key) ? out[key] : undefined;
    setOwn(out, key, had ? { ...had, values: { ...values, ...had.values } } : { values });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether a configured submodule manifest version is the one the state's configuration asked. */
function versionKept(asked: DesiredInstance, key: string, version: Unsure<number> | undefined): boolean {
  if (version === undefined) return true;
  const subs = asked.submodules;
  const was = subs && !isUnknown(subs) && Object.hasOwn(subs, key) ? subs[key] : undefined;
  return !isUnknown(version) && was !== undefined && !isUnknown(was) && was.manifestVersion === version;
}
