// The service requests an instance's configuration turns into: the launch (create) and the reconfigure
// (update), which carries the complete desired configuration because the service resets whatever it does
// not list.

import type {
  LaunchRequest,
  LaunchSubmodule,
  ReconfigureRequest,
  ReconfigureSubmodule,
} from "../../client/types";
import { setOwn } from "../../own";
import { isUnknown, type Unsure } from "../../unknown";
import { knownValues, type DesiredInstance, type DesiredSubmodule } from "../../rules";
import { NEVER_DESTROY, nestSubmodules, type NestedSubmodules } from "../../service-wire";
import { parseDuration } from "../duration";
import { desiredInstance } from "./desired";
import { known, type InstanceModel } from "./model";
import { withSecretsListed } from "./secrets";

export function launchRequest(config: InstanceModel): LaunchRequest {
  // secrets are sent with the parameters (never stored: write-only)
  const desired = desiredInstance(withSecretsListed(config));
  return present({
    parameters: knownValues(desired.parameters),
    instanceName: known(config.instanceName),
    environmentId: known(config.environmentId),
    revisionId: knownField(desired.revisionId),
    version: knownField(desired.manifestVersion),
    submodules: submoduleRequests(desired, launchSubmodule),
    destroyInterval: destroyInterval(config),
  });
}

/**
 * Always sent: an instance launched without it is destroyed after the service's default lifetime (one hour,
 * as documented), which nobody writing infrastructure as code expects.
 */
export function destroyInterval(config: InstanceModel): number {
  const text = known(config.autoDestroyAfter);
  if (text === undefined) return NEVER_DESTROY;
  const ms = parseDuration(text);
  if (ms instanceof Error) throw ms; // refused at validate (checks.ts)
  return ms;
}

/** The complete desired configuration, secrets listed (at apply every value is known). */
export function reconfigureRequest(desired: DesiredInstance): ReconfigureRequest {
  return {
    parameters: knownValues(desired.parameters) ?? {},
    ...present({
      revisionId: knownField(desired.revisionId),
      manifestVersion: knownField(desired.manifestVersion),
      submodules: submoduleRequests(desired, reconfigureSubmodule),
    }),
  };
}

/** A submodule's revision is chosen at launch only (changing it replaces the instance). */
function launchSubmodule(s: DesiredSubmodule | undefined): LaunchSubmodule {
  return present({ revisionId: knownField(s?.revisionId), ...reconfigureSubmodule(s) });
}

function reconfigureSubmodule(s: DesiredSubmodule | undefined): ReconfigureSubmodule {
  return present({ manifestVersion: knownField(s?.manifestVersion), parameters: knownValues(s?.parameters) });
}

function knownField<T>(v: Unsure<T> | undefined): T | undefined {
  return isUnknown(v) ? undefined : v;
}

/** The fields that have a value: a request leaves out what the configuration does not set. */
function present<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Each submodule's settings, keyed by path in the configuration ("db/replica"), nested as the body carries them. */
function submoduleRequests<T extends object>(
  desired: DesiredInstance,
  request: (s: DesiredSubmodule | undefined) => T,
): NestedSubmodules<T> | undefined {
  const subs = knownField(desired.submodules);
  const entries = Object.entries(subs ?? {});
  if (entries.length === 0) return undefined;
  const byPath: Record<string, T> = {};
  for (const [name, s] of entries) setOwn(byPath, name, request(knownField(s)));
  return nestSubmodules(byPath);
}
