// The service requests an instance's configuration turns into: the launch (create) and the reconfigure
// (update), which carries the complete desired configuration because the service resets whatever it does
// not list.

import type {
  LaunchRequest,
  LaunchSubmodule,
  ReconfigureRequest,
  ReconfigureSubmodule,
} from "../../client/types";
import { setOwn } from "../../util/own";
import { NEVER_DESTROY, nestSubmodules, type NestedSubmodules } from "../../service/wire";
import { parseDuration } from "../duration";
import {
  known,
  knownEntries,
  type InstanceModel,
  type Maybe,
  type StringMapModel,
  type SubmoduleModel,
} from "./model";
import { withSecretsListed } from "./secrets";

export function launchRequest(config: InstanceModel): LaunchRequest {
  // secrets are sent with the parameters (never stored: write-only)
  const sent = withSecretsListed(config);
  return present({
    parameters: sentValues(sent.parameters),
    instanceName: known(config.instanceName),
    environmentId: known(config.environmentId),
    revisionId: known(config.revisionId),
    version: known(config.manifestVersion),
    submodules: submoduleRequests(sent, launchSubmodule),
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
export function reconfigureRequest(config: InstanceModel): ReconfigureRequest {
  const sent = withSecretsListed(config);
  return {
    parameters: sentValues(sent.parameters) ?? {},
    ...present({
      revisionId: known(config.revisionId),
      manifestVersion: known(config.manifestVersion),
      submodules: submoduleRequests(sent, reconfigureSubmodule),
    }),
  };
}

/** A submodule's revision is chosen at launch only (changing it replaces the instance). */
function launchSubmodule(s: SubmoduleModel | undefined): LaunchSubmodule {
  return present({ revisionId: s && known(s.revisionId), ...reconfigureSubmodule(s) });
}

function reconfigureSubmodule(s: SubmoduleModel | undefined): ReconfigureSubmodule {
  return present({
    manifestVersion: s && known(s.manifestVersion),
    parameters: s && sentValues(s.parameters),
  });
}

/** The values listed (a null one is not), or undefined when the map is null or any value unknown. */
function sentValues(m: Maybe<StringMapModel> | null): Record<string, string> | undefined {
  const map = known(m);
  if (map === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) {
    if (v === null) continue;
    if (typeof v !== "string") return undefined;
    setOwn(out, k, v);
  }
  return out;
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
  request: (s: SubmoduleModel | undefined) => T,
): NestedSubmodules<T> | undefined {
  const entries = knownEntries(config.submodules);
  if (entries.length === 0) return undefined;
  const byPath: Record<string, T> = {};
  for (const [name, s] of entries) setOwn(byPath, name, request(s));
  return nestSubmodules(byPath);
}
