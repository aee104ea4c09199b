// The one way into the rules (ARCHITECTURE.md §4): an `appmgmt_instance`'s values keyed by its attribute names,
// and where they are not known yet. The provider passes terraform's decoded values (unknowns already the
// marker), `appmgmt review` a plan file's before/after (after_unknown says where), the constructs their props
// in the schema's names (a token is the marker). Each secret `secret_parameter_names` lists stands among the
// parameters with one placeholder, in the state and the configuration alike: no state holds a secret's value,
// and the rules judge its name only. So the plan, its apply and the review read one change the same way.

import { setOwn } from "../util/own";
import { isUnknown, sameValue, UNKNOWN, type Unsure } from "../util/unknown";
import type { DesiredInstance, DesiredSubmodule, DesiredValues } from "./desired";
import { wholeEffective } from "./effective";
import { manifestModule } from "./manifest-module";
import type { InstanceNow } from "./reconfigure";
import { splitSecretName, submoduleSecretName } from "./secret-names";
import type { SubmoduleDefaults } from "./submodule-defaults";

/** An instance's values by attribute name (`parameters`, `submodules`, `effective_parameters`, ...). */
export type InstanceAttributes = Readonly<Record<string, unknown>>;
/** Whether the value at an attribute path (["submodules", "db", "parameters"]) is not known yet. */
export type UnknownAt = (path: readonly string[]) => boolean;

/** What a secret's value is wherever the rules see it. */
export const SECRET_PLACEHOLDER = "(secret)";

/** One side of a change as the rules read it. */
export interface InstanceInputs {
  /** What the values ask of the service, each secret listed with the placeholder. */
  desired: DesiredInstance;
  /** The values the service reports (effective_*), each secret listed with the placeholder; {} when unknown. */
  reported: { parameters: Record<string, string>; submodules: Record<string, Record<string, string>> };
  /** secret_parameter_names (none when null). */
  secretNames: Unsure<string[]>;
  secretVersion: Unsure<number> | undefined;
}

/** A change of an instance: what the prior state says (none on a launch), what is asked now, the secrets. */
export interface InstanceChange {
  now?: InstanceNow;
  desired: DesiredInstance;
  secrets: {
    /** The secret names now, and those the prior state lists (the service holds). */
    names: Unsure<string[]>;
    held: string[];
    /** Whether the secrets are sent again: a new secret_parameters_version, or names added or removed. */
    sent: boolean;
  };
}

/** `unknownAt` for values that carry the marker themselves (decoded terraform values, props with tokens marked). */
export const markedUnknown =
  (attributes: InstanceAttributes): UnknownAt =>
  (path) =>
    isUnknown(valueAt(attributes, path));

export function instanceInputs(attributes: InstanceAttributes, unknownAt: UnknownAt): InstanceInputs {
  const read = (path: string[]) => (unknownAt(path) ? UNKNOWN : valueAt(attributes, path));
  const secretNames = names(read(["secret_parameter_names"]));
  const secrets = secretsByPath(secretNames);
  return {
    desired: {
      parameters: listed(values(read, ["parameters"]), secrets, ""),
      submodules: submodules(read, secrets),
      manifestVersion: field(read(["manifest_version"]), isNumber),
      revisionId: field(read(["revision_id"]), isString),
      manifest: parsed(read(["manifest"])),
    },
    reported: reported(read, secrets),
    secretNames,
    secretVersion: field(read(["secret_parameters_version"]), isNumber),
  };
}

/**
 * The change from `before` (the prior state; none on a launch) to `after`, decoded once per call, with the
 * submodule values known at their defaults (src/rules/submodule-defaults.ts): they hold while the secret names
 * stay (a value becoming secret leaves the values the state lists).
 */
export function instanceChange(
  after: InstanceInputs,
  before?: InstanceInputs,
  submoduleDefaults?: Record<string, SubmoduleDefaults>,
): InstanceChange {
  const held = before && !isUnknown(before.secretNames) ? before.secretNames : [];
  const names = after.secretNames;
  const namesKept = sameValue(held, names);
  const sent = before
    ? !sameValue(before.secretVersion, after.secretVersion) || !namesKept
    : isUnknown(names) || names.length > 0;
  const now: InstanceNow | undefined = before && {
    asked: before.desired,
    ...before.reported,
    ...(submoduleDefaults && namesKept && { submoduleDefaults }),
  };
  return { ...(now && { now }), desired: after.desired, secrets: { names, held, sent } };
}

/** The binding rules' `isSecret` for a change: its secret names, so a finding points at the map setting one. */
export function secretOf({ secrets }: InstanceChange): (name: string, submodule?: string) => boolean {
  const names = new Set(isUnknown(secrets.names) ? [] : secrets.names);
  return (name, submodule) =>
    names.has(submodule === undefined ? name : submoduleSecretName(submodule, name));
}

type Read = (path: string[]) => unknown;
/** Secret names by submodule path ("" for the main parameters); the marker for all when not known. */
type SecretsByPath = Unsure<Map<string, string[]>>;

function secretsByPath(names: Unsure<string[]>): SecretsByPath {
  if (isUnknown(names)) return UNKNOWN;
  const out = new Map<string, string[]>();
  for (const { path = "", name } of names.map(splitSecretName))
    out.set(path, [...(out.get(path) ?? []), name]);
  return out;
}

/** `values` with the secrets of `path` listed; a listing not known yet is not known either. */
function listed<T extends Unsure<DesiredValues> | undefined>(
  values: T,
  secrets: SecretsByPath,
  path: string,
) {
  if (isUnknown(secrets)) return UNKNOWN;
  const own = secrets.get(path) ?? [];
  if (own.length === 0 || isUnknown(values)) return values;
  const out: DesiredValues = { ...values };
  for (const name of own) setOwn(out, name, SECRET_PLACEHOLDER);
  return out;
}

function submodules(read: Read, secrets: SecretsByPath): DesiredInstance["submodules"] {
  const subs = read(["submodules"]);
  if (isUnknown(subs)) return UNKNOWN;
  const entries = asObj(subs);
  if (!entries) return undefined;
  const out: Record<string, Unsure<DesiredSubmodule>> = {};
  for (const key of Object.keys(entries)) {
    const at = (attr: string) => read(["submodules", key, attr]);
    const entry: Unsure<DesiredSubmodule> = isUnknown(read(["submodules", key]))
      ? UNKNOWN
      : {
          revisionId: field(at("revision_id"), isString),
          manifestVersion: field(at("manifest_version"), isNumber),
          parameters: listed(values(read, ["submodules", key, "parameters"]), secrets, key),
          manifest: parsed(at("manifest")),
        };
    setOwn(out, key, entry);
  }
  return out;
}

/** A `manifest` attribute parsed (the instance's, or a submodule's own), or the parser's message. */
function parsed(v: unknown): DesiredInstance["manifest"] {
  const text = field(v, isString);
  return text === undefined || isUnknown(text) ? text : manifestModule().tryParseManifest(text);
}

/**
 * What the service reports now: effective_submodules, or (a state written before it) the values configured. A
 * state stores each submodule's effective map without the values its configured map sets the same (./effective.ts):
 * made whole here, so every caller reads every value (a whole map, as a plan file's after buildReview, stays so).
 */
function reported(read: Read, secrets: SecretsByPath): InstanceInputs["reported"] {
  const known = (v: Unsure<DesiredValues> | undefined, path: string) => {
    const out = listed(v, secrets, path);
    return out === undefined || isUnknown(out) ? undefined : strings(out);
  };
  const configured = (path: string[]) => {
    const v = values(read, path);
    return v === undefined || isUnknown(v) ? undefined : v;
  };
  const whole = (effective: string[], config: string[]) => {
    const v = values(read, effective);
    return v === undefined || isUnknown(v) ? v : wholeEffective(v, configured(config));
  };
  const submodules: Record<string, Record<string, string>> = {};
  const effective = read(["effective_submodules"]);
  if (effective !== null && effective !== undefined) {
    for (const key of Object.keys(asObj(effective) ?? {})) {
      const v = known(
        whole(["effective_submodules", key, "parameters"], ["submodules", key, "parameters"]),
        key,
      );
      if (v) setOwn(submodules, key, v);
    }
  } else {
    for (const key of Object.keys(asObj(read(["submodules"])) ?? {})) {
      const v = values(read, ["submodules", key, "parameters"]);
      if (v !== undefined && !isUnknown(v)) setOwn(submodules, key, strings(v));
    }
  }
  const parameters = values(read, ["effective_parameters"]);
  return { parameters: (parameters !== undefined && known(parameters, "")) || {}, submodules };
}

/** A map(string) at `path`: null entries left out (they are not listed). */
function values(read: Read, path: string[]): Unsure<DesiredValues> | undefined {
  const v = read(path);
  if (isUnknown(v)) return UNKNOWN;
  const o = asObj(v);
  if (!o) return undefined;
  const out: DesiredValues = {};
  for (const k of Object.keys(o)) {
    const value = field(read([...path, k]), isString);
    if (value !== undefined) setOwn(out, k, value);
  }
  return out;
}

/** The values when every one is a known string (a map with any unknown: the ones known). */
function strings(v: DesiredValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === "string") setOwn(out, k, x);
  return out;
}

function names(v: unknown): Unsure<string[]> {
  if (isUnknown(v)) return UNKNOWN;
  return Array.isArray(v) ? v.filter(isString) : [];
}

function field<T>(v: unknown, is: (v: unknown) => v is T): Unsure<T> | undefined {
  return isUnknown(v) ? UNKNOWN : is(v) ? v : undefined;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const step of path) {
    const o = asObj(v);
    if (!o || !Object.hasOwn(o, step)) return isUnknown(v) ? v : undefined;
    v = o[step];
  }
  return v;
}

function asObj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !isUnknown(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

const isString = (v: unknown): v is string => typeof v === "string";
const isNumber = (v: unknown): v is number => typeof v === "number";
