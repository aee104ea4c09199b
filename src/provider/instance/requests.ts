// The service requests an instance's configuration turns into: the launch (create) and the reconfigure
// (update), which carries the complete desired configuration because the service resets whatever it does
// not list.

import type {
  LaunchRequest,
  LaunchSubmodule,
  ReconfigureRequest,
  ReconfigureSubmodule,
} from "../../client/types";
import { setOwn } from "../../protocol/own";
import { known, knownEntries, knownMap, type InstanceModel, type SubmoduleModel } from "./model";

export function launchRequest(config: InstanceModel): LaunchRequest {
  const req: LaunchRequest = {};
  const parameters = knownMap(config.parameters);
  if (parameters) req.parameters = parameters;
  const name = known(config.instanceName);
  if (name !== undefined) req.instanceName = name;
  const env = known(config.environmentId);
  if (env !== undefined) req.environmentId = env;
  const revision = known(config.revisionId);
  if (revision !== undefined) req.revisionId = revision;
  const version = known(config.manifestVersion);
  if (version !== undefined) req.version = version;
  const submodules = submoduleRequests(config, launchSubmodule);
  if (submodules) req.submodules = submodules;
  return req;
}

export function reconfigureRequest(config: InstanceModel): ReconfigureRequest {
  const req: ReconfigureRequest = { parameters: knownMap(config.parameters) ?? {} };
  const revision = known(config.revisionId);
  if (revision !== undefined) req.revisionId = revision;
  const version = known(config.manifestVersion);
  if (version !== undefined) req.manifestVersion = version;
  const submodules = submoduleRequests(config, reconfigureSubmodule);
  if (submodules) req.submodules = submodules;
  return req;
}

/** A submodule's revision is chosen at launch only (changing it replaces the instance). */
function launchSubmodule(s: SubmoduleModel | undefined): LaunchSubmodule {
  const sub: LaunchSubmodule = reconfigureSubmodule(s);
  const revision = s && known(s.revisionId);
  return revision === undefined ? sub : { revisionId: revision, ...sub };
}

function reconfigureSubmodule(s: SubmoduleModel | undefined): ReconfigureSubmodule {
  const sub: ReconfigureSubmodule = {};
  const version = s && known(s.manifestVersion);
  if (version !== undefined) sub.manifestVersion = version;
  const parameters = s && knownMap(s.parameters);
  if (parameters) sub.parameters = parameters;
  return sub;
}

function submoduleRequests<T>(
  config: InstanceModel,
  request: (s: SubmoduleModel | undefined) => T,
): Record<string, T> | undefined {
  const entries = knownEntries(config.submodules);
  if (entries.length === 0) return undefined;
  const out: Record<string, T> = {};
  for (const [name, s] of entries) setOwn(out, name, request(s));
  return out;
}
