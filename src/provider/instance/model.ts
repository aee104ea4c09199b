// The `appmgmt_instance` value as a typed model, decoded once from terraform's value and encoded back.
// `UNKNOWN` (terraform's "known after apply") stays an explicit marker: at plan time any configured value
// may be unknown; at apply time and in state nothing is. The submodules' effective values are whole in the model
// and stored without what the configuration sets (src/rules/effective.ts); `effective_parameters`, which
// configurations read, is stored whole.

import { isUnknown, UNKNOWN, type UnknownValue, type Value, type ValueObject } from "../../terraform-model";
import type { InstanceStatus } from "../../client/types";
import { compactEffective, wholeEffective } from "../../rules/effective";
import { setOwn } from "../../util/own";
import { TIMEOUT_OPERATIONS, type TimeoutOperation } from "./schema";

/** A value terraform may not know yet. */
export type Maybe<T> = T | UnknownValue;

/** A map(string) attribute: terraform allows null and unknown elements. */
export type StringMapModel = Record<string, Maybe<string> | null>;

export type SubmoduleModel = {
  revisionId: Maybe<string> | null;
  manifestVersion: Maybe<number> | null;
  parameters: Maybe<StringMapModel> | null;
  /** The submodule's own manifest text (never sent: its defaults for the reset rule). */
  manifest: Maybe<string> | null;
};

export type TimeoutsModel = Record<TimeoutOperation, Maybe<string> | null>;

export type InstanceModel = {
  id: Maybe<string> | null;
  applicationId: Maybe<string> | null;
  instanceName: Maybe<string> | null;
  environmentId: Maybe<string> | null;
  environmentName: Maybe<string> | null;
  revisionId: Maybe<string> | null;
  manifestVersion: Maybe<number> | null;
  parameters: Maybe<StringMapModel> | null;
  /** Write-only: in the configuration only; null in every prior and planned state. */
  secretParameters: Maybe<StringMapModel> | null;
  /** Each submodule's write-only secret_parameters, by path (kept out of SubmoduleModel, as never stored). */
  submoduleSecrets: Record<string, Maybe<StringMapModel> | null>;
  secretParametersVersion: Maybe<number> | null;
  secretParameterNames: Maybe<Maybe<string>[]> | null;
  submodules: Maybe<Record<string, Maybe<SubmoduleModel>>> | null;
  manifest: Maybe<string> | null;
  autoDestroyAfter: Maybe<string> | null;
  userData: Maybe<string> | null;
  status: Maybe<string> | null;
  effectiveParameters: Maybe<StringMapModel> | null;
  effectiveSubmodules: Maybe<Record<string, Maybe<StringMapModel>>> | null;
  returnValues: Maybe<StringMapModel> | null;
  sensitiveReturnValues: Maybe<Maybe<string>[]> | null;
  timeouts: Maybe<TimeoutsModel> | null;
};

/** Every submodule's actual values as the status reports them, by path key (effective_submodules). */
export function submoduleValues(s: InstanceStatus): Record<string, StringMapModel> {
  return eachValue(s.submodules, (sub) => ({ ...sub.parameters }));
}

/** effective_submodules as terraform holds it. */
export function encodeSubmoduleValues(values: Record<string, StringMapModel>): ValueObject {
  return encodeNested(values, (v) => ({ parameters: encodeMap(v) })) as ValueObject;
}

/** The known value, or undefined when null or unknown. */
export function known<T>(v: Maybe<T> | null): T | undefined {
  return v === null || isUnknown(v) ? undefined : v;
}

/** The known entries of a map of nested objects (none when the map is null or unknown). */
export function knownEntries<T>(m: Maybe<Record<string, Maybe<T>>> | null): [string, T | undefined][] {
  if (m === null || isUnknown(m)) return [];
  return Object.entries(m).map(([k, v]) => [k, isUnknown(v) ? undefined : v]);
}

export function decodeInstance(value: ValueObject): InstanceModel {
  const v = value;
  const submodules = nested(v.submodules, (subs) =>
    eachValue(subs, (e) => (isUnknown(e) ? UNKNOWN : decodeSubmodule((e ?? {}) as ValueObject))),
  );
  const submoduleSecrets = nested(v.submodules, (subs) =>
    eachValue(subs, (e) => (isUnknown(e) ? null : stringMap((e as ValueObject | null)?.secret_parameters))),
  );
  const parameters = stringMap(v.parameters);
  return {
    id: str(v.id),
    applicationId: str(v.application_id),
    instanceName: str(v.instance_name),
    environmentId: str(v.environment_id),
    environmentName: str(v.environment_name),
    revisionId: str(v.revision_id),
    manifestVersion: num(v.manifest_version),
    parameters,
    secretParameters: stringMap(v.secret_parameters),
    submoduleSecrets: known(submoduleSecrets) ?? {},
    secretParametersVersion: num(v.secret_parameters_version),
    secretParameterNames: stringList(v.secret_parameter_names),
    submodules,
    manifest: str(v.manifest),
    autoDestroyAfter: str(v.auto_destroy_after),
    userData: str(v.user_data),
    status: str(v.status),
    effectiveParameters: stringMap(v.effective_parameters),
    effectiveSubmodules: wholeSubmodules(storedSubmoduleValues(v.effective_submodules), submodules),
    returnValues: stringMap(v.return_values),
    sensitiveReturnValues: stringList(v.sensitive_return_values),
    timeouts: decodeTimeouts(v.timeouts),
  };
}

export function encodeInstance(m: InstanceModel): ValueObject {
  return {
    id: m.id,
    application_id: m.applicationId,
    instance_name: m.instanceName,
    environment_id: m.environmentId,
    environment_name: m.environmentName,
    revision_id: m.revisionId,
    manifest_version: m.manifestVersion,
    parameters: encodeMap(m.parameters),
    // write-only: never in a state (the protocol layer nulls them anyway)
    secret_parameters: null,
    secret_parameters_version: m.secretParametersVersion,
    secret_parameter_names: isUnknown(m.secretParameterNames) ? UNKNOWN : (m.secretParameterNames ?? null),
    submodules: encodeNested(m.submodules, encodeSubmodule),
    manifest: m.manifest,
    auto_destroy_after: m.autoDestroyAfter,
    user_data: m.userData,
    status: m.status,
    effective_parameters: encodeMap(m.effectiveParameters),
    effective_submodules: encodeEffectiveSubmodules(m.effectiveSubmodules, m.submodules),
    return_values: encodeMap(m.returnValues),
    sensitive_return_values: isUnknown(m.sensitiveReturnValues) ? UNKNOWN : (m.sensitiveReturnValues ?? null),
    timeouts: m.timeouts === null || isUnknown(m.timeouts) ? m.timeouts : { ...m.timeouts },
  };
}

export function encodeSubmodule(s: SubmoduleModel): ValueObject {
  return {
    revision_id: s.revisionId,
    manifest_version: s.manifestVersion,
    parameters: encodeMap(s.parameters),
    secret_parameters: null,
    manifest: s.manifest,
  };
}

/** effective_submodules' maps as they are written, without the configured values added. */
function storedSubmoduleValues(v: Value | undefined): InstanceModel["effectiveSubmodules"] {
  return nested(v, (subs) =>
    eachValue(subs, (e) =>
      isUnknown(e) ? UNKNOWN : (stringMap((e as ValueObject | null)?.parameters) ?? {}),
    ),
  );
}

function wholeSubmodules(
  stored: InstanceModel["effectiveSubmodules"],
  submodules: InstanceModel["submodules"],
): InstanceModel["effectiveSubmodules"] {
  if (stored === null || isUnknown(stored)) return stored;
  return eachValue(stored, (e, k) => whole(e, configuredParameters(submodules, k)) ?? {});
}

/** A submodule's configured parameters (unknown while its entry or the map is; null when not configured). */
function configuredParameters(
  submodules: InstanceModel["submodules"],
  key: string,
): Maybe<StringMapModel> | null {
  if (isUnknown(submodules)) return UNKNOWN;
  const entry = submodules !== null && Object.hasOwn(submodules, key) ? submodules[key] : null;
  return isUnknown(entry) ? UNKNOWN : (entry?.parameters ?? null);
}

/** A stored effective map made whole with the configured values it leaves out. */
function whole(
  stored: Maybe<StringMapModel> | null,
  configured: Maybe<StringMapModel> | null,
): Maybe<StringMapModel> | null {
  if (stored === null || isUnknown(stored) || configured === null || isUnknown(configured)) return stored;
  return wholeEffective(stored, configured);
}

/**
 * An effective map as stored. Which entries it leaves out depends on the configured values, so while one of
 * them is unknown (or an entry is unknown where the configuration sets a value) the map is planned unknown: its
 * keys after apply are not known yet.
 */
function encodeEffective(
  effective: Maybe<StringMapModel> | null,
  configured: Maybe<StringMapModel> | null,
): Value {
  if (effective === null || isUnknown(effective)) return effective;
  if (isUnknown(configured)) return UNKNOWN;
  const cfg = configured ?? {};
  for (const [k, c] of Object.entries(cfg)) {
    if (isUnknown(c)) return UNKNOWN;
    if (typeof c === "string" && Object.hasOwn(effective, k) && isUnknown(effective[k])) return UNKNOWN;
  }
  return encodeMap(compactEffective(effective, cfg));
}

/**
 * effective_submodules as stored for the configuration whose submodules are `submodules`: the whole values
 * without what it sets (a plan stores them against the planned configuration, not the prior one).
 */
export function encodeEffectiveSubmodules(
  effective: InstanceModel["effectiveSubmodules"],
  submodules: InstanceModel["submodules"],
): Value {
  if (effective === null || isUnknown(effective)) return effective;
  return eachValue(effective, (v, k) =>
    isUnknown(v) ? v : { parameters: encodeEffective(v, configuredParameters(submodules, k)) },
  );
}

function decodeSubmodule(v: ValueObject): SubmoduleModel {
  return {
    revisionId: str(v.revision_id),
    manifestVersion: num(v.manifest_version),
    parameters: stringMap(v.parameters),
    manifest: str(v.manifest),
  };
}

function decodeTimeouts(v: Value | undefined): Maybe<TimeoutsModel> | null {
  return nested(v, (o) => {
    const out = {} as TimeoutsModel;
    for (const op of TIMEOUT_OPERATIONS) out[op] = str(o[op]);
    return out;
  });
}

function str(v: Value | undefined): Maybe<string> | null {
  return isUnknown(v) ? UNKNOWN : typeof v === "string" ? v : null;
}

function num(v: Value | undefined): Maybe<number> | null {
  return isUnknown(v) ? UNKNOWN : typeof v === "number" ? v : null;
}

function stringMap(v: Value | undefined): Maybe<StringMapModel> | null {
  return nested(v, (o) => eachValue(o, str));
}

function stringList(v: Value | undefined): Maybe<Maybe<string>[]> | null {
  if (isUnknown(v)) return UNKNOWN;
  return Array.isArray(v) ? v.map((e) => (isUnknown(e) ? UNKNOWN : String(e))) : null;
}

/**
 * An object or map attribute: unknown, null, or decoded. The protocol decodes every value by the schema, so one
 * that is set is an object.
 */
function nested<T>(v: Value | undefined, decode: (o: ValueObject) => T): Maybe<T> | null {
  if (isUnknown(v)) return UNKNOWN;
  return v === null || v === undefined ? null : decode(v as ValueObject);
}

/**
 * A map with each value turned by `f`. A loop rather than Object.fromEntries of mapped entries, which allocates
 * two arrays per entry, and a plan with refresh of 1,000 turns tens of thousands of maps (ARCHITECTURE.md §8,
 * Measured costs behind the code).
 */
function eachValue<A, B>(m: Record<string, A>, f: (a: A, key: string) => B): Record<string, B> {
  const out: Record<string, B> = {};
  for (const k of Object.keys(m)) setOwn(out, k, f(m[k], k));
  return out;
}

function encodeMap(m: Maybe<StringMapModel> | null): Value {
  return m === null || isUnknown(m) ? m : { ...m };
}

function encodeNested<T>(m: Maybe<Record<string, Maybe<T>>> | null, encode: (t: T) => ValueObject): Value {
  if (m === null || isUnknown(m)) return m;
  return eachValue(m, (v) => (isUnknown(v) ? v : encode(v)));
}
