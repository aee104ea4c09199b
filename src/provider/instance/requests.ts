// The service requests an instance's configuration turns into: the launch (create) and the reconfigure
// (update), which carries the complete desired configuration because the service resets whatever it does
// not list.

import type {
  Parameters,
  LaunchRequest,
  LaunchSubmodule,
  ReconfigureRequest,
  ReconfigureSubmodule,
} from "../../client/types";
import { setOwn } from "../../own";
import { NEVER_DESTROY, nestSubmodules, type NestedSubmodules } from "../../service-wire";
import { parseDuration } from "../duration";
import { known, knownEntries, knownMap, type InstanceModel, type SubmoduleModel } from "./model";
import { sentParameters, sentSubmoduleParameters } from "./secrets";

export function launchRequest(config: InstanceModel): LaunchRequest {
  return present({
    parameters: sentParameters(config),
    instanceName: known(config.instanceName),
    environmentId: known(config.environmentId),
    revisionId: known(config.revisionId),
    version: known(config.manifestVersion),
    submodules: submoduleRequests(config, launchSubmodule),
    destroyInterval: destroyInterval(config),
  });
}

/**
 * Always sent: an instance launched without it is destroyed after the service's default lifetime (one hour,
 * as documented), which nobody writing infrastructure as code expects.
 */
function destroyInterval(config: InstanceModel): number {
  const text = known(config.autoDestroyAfter);
  if (text === undefined) return NEVER_DESTROY;
  const ms = parseDuration(text);
  if (ms instanceof Error) throw ms; // refused at validate (checks.ts)
  return ms;
}

export function reconfigureRequest(config: InstanceModel): ReconfigureRequest {
  return {
    parameters: sentParameters(config) ?? {},
    ...present({
      revisionId: known(config.revisionId),
      manifestVersion: known(config.manifestVersion),
      submodules: submoduleRequests(config, reconfigureSubmodule),
    }),
  };
}

/** A submodule's revision is chosen at launch only (changing it replaces the instance). */
function launchSubmodule(s: SubmoduleModel | undefined, parameters?: Parameters): LaunchSubmodule {
  return present({ revisionId: s && known(s.revisionId), ...reconfigureSubmodule(s, parameters) });
}

function reconfigureSubmodule(s: SubmoduleModel | undefined, parameters?: Parameters): ReconfigureSubmodule {
  return present({ manifestVersion: s && known(s.manifestVersion), parameters });
}

/** The fields that have a value: a request leaves out what the configuration does not set. */
function present<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Each submodule's settings, keyed by path in the configuration ("db/replica"), nested as the body carries them. */
function submoduleRequests<T extends object>(
  config: InstanceModel,
  request: (s: SubmoduleModel | undefined, parameters?: Parameters) => T,
): NestedSubmodules<T> | undefined {
  const entries = knownEntries(config.submodules);
  if (entries.length === 0) return undefined;
  const byPath: Record<string, T> = {};
  for (const [name, s] of entries) {
    const parameters = sentSubmoduleParameters(config, name, s && knownMap(s.parameters));
    setOwn(byPath, name, request(s, parameters));
  }
  return nestSubmodules(byPath);
}
