// The one model of what an instance's configuration asks of the service (ARCHITECTURE.md §4): built once
// per plan from terraform's values (the provider from its decoded model, `appmgmt review` from the plan
// JSON), with one marker for terraform's "known after apply". The plan's checks, the reset rule, the
// reconfigure request and the review all read it; `rulesConfig` is the one way into the binding rules.

import type { Manifest } from "../manifest/types";
import type { ManifestParse } from "../manifest/attempt";
import type { InstanceConfig } from "./types";
import { isUnknown, UNKNOWN, type Unsure } from "../util/unknown";

/** Parameter values by name; a name whose value terraform lists as null is left out (it is not listed). */
export type DesiredValues = Record<string, Unsure<string>>;

export interface DesiredSubmodule {
  revisionId?: Unsure<string>;
  manifestVersion?: Unsure<number>;
  parameters?: Unsure<DesiredValues>;
  /** The submodule's own manifest (its `manifest` setting) parsed, or the parser's message. Never sent. */
  manifest?: Unsure<ManifestParse>;
}

/** What the configuration asks of the service. A field left undefined is not configured. */
export interface DesiredInstance {
  parameters?: Unsure<DesiredValues>;
  /** By path key: "db", "db/replica". */
  submodules?: Unsure<Record<string, Unsure<DesiredSubmodule>>>;
  manifestVersion?: Unsure<number>;
  revisionId?: Unsure<string>;
  /**
   * The `manifest` attribute parsed (once per distinct text: src/manifest's cache), or the parser's
   * message. Never sent: the rules' source of defaults and bindings.
   */
  manifest?: Unsure<ManifestParse>;
}

/** The manifest when its text is known and valid. */
export function manifestOf(d: DesiredInstance): Manifest | undefined {
  const m = d.manifest;
  return m !== undefined && !isUnknown(m) && "manifest" in m ? m.manifest : undefined;
}

/** The values, unknown while the map or any value in it is (undefined: not configured). */
export function knownValues(
  v: Unsure<DesiredValues> | undefined,
): Unsure<Record<string, string>> | undefined {
  if (v === undefined || isUnknown(v)) return v;
  return Object.values(v).some(isUnknown) ? UNKNOWN : (v as Record<string, string>);
}

/**
 * The binding rules' input: the model is already in their shape. Unknowns stay in place as
 * the one marker (src/util/unknown.ts), which the rules skip.
 */
export function rulesConfig(d: DesiredInstance): InstanceConfig {
  return {
    parameters: d.parameters,
    manifestVersion: d.manifestVersion,
    submodules: d.submodules,
  } as InstanceConfig;
}
