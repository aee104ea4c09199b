// Which submodule values are at their defaults (issue 39 item 1; the rule is src/rules/submodule-defaults.ts):
// recorded in the private state when terraform's launch or reconfigure settles, for every value it left out and
// no binding sets, with the submodule's manifest version; dropped when a read finds that version changed. The
// plan of a reconfigure that keeps the version then knows what those values become, and says so in the planned
// effective_submodules, where `appmgmt review` reads it: the private state is not in the plan JSON.

import type { InstanceStatus } from "../../client/types";
import { setOwn } from "../../util/own";
import {
  binderOf,
  instanceInputs,
  manifestOf,
  markedUnknown,
  type DesiredInstance,
  type SubmoduleDefaults,
} from "../../rules";
import { isUnknown, UNKNOWN } from "../../terraform-model";
import { encodeInstance, type InstanceModel, type StringMapModel } from "./model";
import { configSecretNames, stateSecretNames } from "./secrets";

export type DefaultsRecord = Record<string, SubmoduleDefaults>;

/**
 * The values the launch or reconfigure of `config` left to their defaults, from the status it settled on.
 * Only with a known manifest: without it a bound value (it follows its main parameter) looks like a default.
 * Secrets are never recorded.
 */
export function defaultsLeft(config: InstanceModel, s: InstanceStatus): DefaultsRecord | undefined {
  const values = encodeInstance(config);
  const { desired } = instanceInputs(values, markedUnknown(values));
  const manifest = manifestOf(desired);
  const asked = desired.submodules;
  if (!manifest || isUnknown(asked)) return undefined;
  // secret names, configured (write-only, at apply) or as the state lists them: never a value to record
  const secret = (key: string, name: string) =>
    configSecretNames(config).submodule(key, name) || stateSecretNames(config).submodule(key, name);
  const out: DefaultsRecord = {};
  for (const [key, sub] of Object.entries(s.submodules)) {
    if (!Object.hasOwn(manifest.submodules, key)) continue;
    const entry = asked !== undefined && Object.hasOwn(asked, key) ? asked[key] : undefined;
    if (isUnknown(entry) || entry?.revisionId !== undefined) continue;
    const sent = entry?.parameters;
    if (isUnknown(sent)) continue;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(sub.parameters)) {
      if ((sent !== undefined && Object.hasOwn(sent, name)) || secret(key, name)) continue;
      if (binderOf(manifest, key, name) !== undefined) continue;
      setOwn(values, name, value);
    }
    if (Object.keys(values).length > 0) setOwn(out, key, { version: sub.manifestVersion, values });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The record after a read of `s`: a submodule read with another manifest version has other defaults. */
export function defaultsAfterRead(
  record: DefaultsRecord | undefined,
  s: InstanceStatus,
): DefaultsRecord | undefined {
  if (!record) return undefined;
  const out: DefaultsRecord = {};
  for (const [key, d] of Object.entries(record)) {
    const read = Object.hasOwn(s.submodules, key) ? s.submodules[key] : undefined;
    if (read === undefined || read.manifestVersion === d.version) setOwn(out, key, d);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The planned effective_submodules of a reconfigure, whole: the state's submodules and keys, each value the record
 * holds at a default that still applies (`kept`) planned as that default, every other value unknown; undefined
 * (wholly unknown) when no value is known.
 */
export function plannedSubmoduleValues(
  prior: InstanceModel,
  kept: Record<string, Record<string, string>> | undefined,
  desired: DesiredInstance,
  record: DefaultsRecord | undefined,
): Record<string, StringMapModel> | undefined {
  const effective = prior.effectiveSubmodules;
  if (!kept || effective === null || isUnknown(effective)) return undefined;
  const wanted = isUnknown(desired.submodules) ? undefined : desired.submodules;
  let anyKnown = false;
  const out: Record<string, StringMapModel> = {};
  for (const [key, values] of Object.entries(effective)) {
    if (values === null || isUnknown(values)) return undefined;
    const entry = wanted !== undefined && Object.hasOwn(wanted, key) ? wanted[key] : undefined;
    const listed = isUnknown(entry) ? UNKNOWN : entry?.parameters;
    // a listing not known yet may list any value
    const defaults = Object.hasOwn(kept, key) && !isUnknown(listed) ? kept[key] : {};
    // only the recorded ones: the review reads those here, and a manifest's restated defaults in the manifest
    const recorded = record !== undefined && Object.hasOwn(record, key) ? record[key].values : {};
    const parameters: StringMapModel = {};
    for (const name of Object.keys(values)) {
      const sent =
        listed !== undefined && !isUnknown(listed) && Object.hasOwn(listed, name) ? listed[name] : undefined;
      const known = sent === undefined && Object.hasOwn(defaults, name) && Object.hasOwn(recorded, name);
      // a value the reconfigure sends is what the service then holds (stored as the configuration's, model.ts)
      setOwn(parameters, name, known ? defaults[name] : typeof sent === "string" ? sent : UNKNOWN);
      anyKnown ||= known;
    }
    setOwn(out, key, parameters);
  }
  return anyKnown ? out : undefined;
}
