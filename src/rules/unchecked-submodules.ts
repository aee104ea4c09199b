// Nested submodule keys the rules cannot judge: a key below a submodule whose hierarchy lives in its application's own
// manifest, which the caller does not have (no restated components, no submodule_manifests entry). Such a key is sent
// as written, and the caller warns naming what could not be checked.
import type { Manifest } from "../manifest/types";
import type { InstanceConfig } from "./types";

export interface UncheckedSubmodule {
  /** The key as configured, e.g. "db/replica". */
  key: string;
  /** The declared submodule whose own manifest would say, e.g. "db". */
  under: string;
  /** Its application, when the manifest names it. */
  applicationId?: string;
}

/** The submodule keys of `config` below a submodule whose children the manifest does not know, sorted. */
export function uncheckedSubmodules(manifest: Manifest, config: InstanceConfig): UncheckedSubmodule[] {
  const unchecked: UncheckedSubmodule[] = [];
  for (const key of Object.keys(config.submodules ?? {}).sort()) {
    const under = opaqueAncestor(manifest, key);
    if (under === undefined) continue;
    const entry: UncheckedSubmodule = { key, under };
    const applicationId = manifest.submodules[under].applicationId;
    if (applicationId !== undefined) entry.applicationId = applicationId;
    unchecked.push(entry);
  }
  return unchecked;
}

/**
 * The nearest declared ancestor of an undeclared key when the manifest knows none of its children (they were
 * neither restated nor resolved from its own manifest); undefined otherwise.
 */
export function opaqueAncestor(manifest: Manifest, key: string): string | undefined {
  if (Object.hasOwn(manifest.submodules, key)) return undefined;
  const segments = key.split("/");
  for (let n = segments.length - 1; n >= 1; n--) {
    const ancestor = segments.slice(0, n).join("/");
    if (!Object.hasOwn(manifest.submodules, ancestor)) continue;
    const known =
      manifest.submodules[ancestor].resolved === true ||
      Object.values(manifest.submodules).some((s) => s.parent === ancestor);
    return known ? undefined : ancestor;
  }
  return undefined;
}
