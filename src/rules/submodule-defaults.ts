// Submodule values whose outcome a reconfigure that leaves them out is known (issue 39 item 1): a submodule's
// defaults are in its own application's manifest, which the plan does not see, but the provider records the
// values terraform's last launch or reconfigure left to their defaults, with the submodule's manifest version
// then. A reconfigure that keeps that version resets them to the same defaults: certainly no change where the
// value is still at it, certainly a reset to it where it was changed since. A manifest may restate a submodule's
// defaults in its component's configuration (`withSubmoduleManifests` writes them): those are known too.
// Everything else stays "possible".

import type { Manifest } from "../manifest/types";
import { isUnknown } from "../util/unknown";
import type { DesiredInstance } from "./desired";

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
