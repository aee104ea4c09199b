// What a reconfigure resets (seed 4.6 rules 1-3): the service sets every parameter the request does not
// list back to its default, so a reconfigure that leaves a value out changes it. The provider warns about
// it at plan time; `appmgmt review` lists the values with their defaults.

import type { Manifest } from "../manifest/types";
import type { Finding, InstanceConfig } from "./types";

/** One value a reconfigure sets back to its default. */
export interface Reset {
  /** E.g. ["parameters", "input.replicas"] or ["submodules", "db", "parameters", "input.engine"]. */
  path: Finding["path"];
  /** The instance's value now; undefined when unknown. */
  current?: string;
  /**
   * The value after the reconfigure: the manifest default; undefined when the review cannot know it (a
   * submodule's defaults live in its own application's manifest; a revision brings its stored values).
   */
  default?: string;
}

export interface ResetInput {
  /** The configuration the instance was last given (prior state). */
  before: InstanceConfig;
  /** The instance's actual main parameter values now (effective parameters), when known. */
  current?: Record<string, string>;
  /** The configuration the reconfigure sends. */
  after: InstanceConfig;
  /** Whether the reconfigure names a revision: its stored values, not the defaults, fill the gaps. */
  afterRevision?: boolean;
}

/**
 * The values a reconfigure from `before` to `after` resets, sorted by path. With the target manifest,
 * every main parameter left out whose current value differs from its default; without it, those the
 * previous configuration listed. Free submodule parameters the previous configuration listed and the new
 * one leaves out reset too (bound ones follow their main parameter).
 */
export function reconfigureResets(manifest: Manifest | undefined, input: ResetInput): Reset[] {
  const resets: Reset[] = [];
  const kept = input.after.parameters ?? {};
  const current = input.current ?? {};
  const before = input.before.parameters ?? {};
  const candidates = new Set([...Object.keys(before), ...(manifest ? Object.keys(manifest.parameters) : [])]);
  for (const name of [...candidates].sort()) {
    if (Object.hasOwn(kept, name)) continue;
    const declared = manifest?.parameters[name];
    // a parameter the manifest declares without a default gets the empty string (manifestDefaults)
    const fallback = input.afterRevision || !declared ? undefined : (declared.default ?? "");
    const value = Object.hasOwn(current, name) ? current[name] : stringOrUndefined(before[name]);
    if (value !== undefined && fallback !== undefined && value === fallback) continue;
    if (!Object.hasOwn(before, name) && value === undefined) continue;
    resets.push({ path: ["parameters", name], current: value, default: fallback });
  }
  const afterSubs = input.after.submodules ?? {};
  for (const sub of Object.keys(input.before.submodules ?? {}).sort()) {
    const keep = afterSubs[sub]?.parameters ?? {};
    const previous = input.before.submodules![sub]?.parameters ?? {};
    for (const name of Object.keys(previous).sort()) {
      if (Object.hasOwn(keep, name)) continue;
      if (manifest?.bindings.some((b) => b.submodule === sub && b.submoduleParameter === name)) continue;
      resets.push({
        path: ["submodules", sub, "parameters", name],
        current: stringOrUndefined(previous[name]),
      });
    }
  }
  return resets;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
