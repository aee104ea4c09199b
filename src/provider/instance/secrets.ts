// Secret parameters (write-only `secret_parameters`, the instance's and each submodule's): which names are
// secret, the parameters a request sends (secrets included: the service resets what a reconfigure does not
// list), the secrets the service holds that a reconfigure would not send, and the service's answers with the
// secret names' values left out before they reach a state.

import type { InstanceStatus, Parameters } from "../../client/types";
import { setOwn } from "../../util/own";
import { type Diagnostic, errorDiagnostic, isUnknown, UNKNOWN } from "../../terraform-model";
import {
  binderOf,
  type DesiredInstance,
  manifestOf,
  splitSecretName,
  submoduleSecretName as submoduleName,
} from "../../rules";
import { attrPath } from "../values";
import { known, type InstanceModel, type Maybe, type StringMapModel } from "./model";

/** Submodule paths in the order `secret_parameter_names` lists them. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The names `secret_parameter_names` lists for a configuration, or undefined while a map or a key is
 * unknown. Main names first, then each submodule's, each group sorted.
 */
export function configuredSecretNames(config: InstanceModel): string[] | undefined {
  if (isUnknown(config.secretParameters)) return undefined;
  const names = Object.keys(config.secretParameters ?? {}).sort();
  for (const [path, secrets] of Object.entries(config.submoduleSecrets).sort(([a], [b]) =>
    byCodeUnit(a, b),
  )) {
    if (isUnknown(secrets)) return undefined;
    names.push(
      ...Object.keys(secrets ?? {})
        .sort()
        .map((n) => submoduleName(path, n)),
    );
  }
  return names;
}

/** The secret names a configuration sets (none while unknown). */
export function configSecretNames(config: InstanceModel): SecretNames {
  return new SecretNames(configuredSecretNames(config) ?? []);
}

/** The configuration with the secrets' values listed among the parameters, as a request sends them. Never encoded into a state. */
export function withSecretsListed(config: InstanceModel): InstanceModel {
  let submodules = config.submodules;
  if (submodules !== null && !isUnknown(submodules)) {
    submodules = { ...submodules };
    for (const [path, sub] of Object.entries(submodules)) {
      const secrets = Object.hasOwn(config.submoduleSecrets, path) ? config.submoduleSecrets[path] : null;
      if (!isUnknown(sub)) setOwn(submodules, path, { ...sub, parameters: listed(sub.parameters, secrets) });
    }
  }
  return { ...config, parameters: listed(config.parameters, config.secretParameters), submodules };
}

function listed(
  plain: Maybe<StringMapModel> | null,
  secrets: Maybe<StringMapModel> | null,
): Maybe<StringMapModel> | null {
  if (secrets === null) return plain;
  if (isUnknown(secrets) || isUnknown(plain)) return UNKNOWN;
  // a secret whose value is null (an adopted one not supplied yet) is not sent; whether a change may go
  // without it is unsentHeldSecrets's say
  const set = Object.entries(secrets).filter(([, v]) => v !== null);
  if (set.length === 0) return plain;
  const out: StringMapModel = { ...(plain ?? {}) };
  for (const [k, v] of set) setOwn(out, k, v);
  return out;
}

/** The secret names a state lists (none when unknown or null). */
export function stateSecretNames(state: InstanceModel): SecretNames {
  const list = known(state.secretParameterNames) ?? [];
  return new SecretNames(list.filter((n): n is string => typeof n === "string"));
}

// The secrets the service holds for an instance (the state's `secret_parameter_names`: set by the
// configuration, or found by an import) that a reconfigure would not send. A reconfigure resets every value
// it does not list, and the provider can never read a secret back into a request, so such a change fails
// the plan (and, should a value be unknown until apply, the apply before anything is sent) naming each one.

/** A held secret a reconfigure of `config` would reset: a main name, or a submodule's by path. */
export interface UnsentSecret {
  name: string;
  path?: string;
}

export function unsentHeldSecrets(
  prior: InstanceModel,
  config: InstanceModel,
  desired: DesiredInstance,
): UnsentSecret[] {
  const manifest = manifestOf(desired);
  const unsent: UnsentSecret[] = [];
  for (const full of stateSecretNames(prior).list) {
    const { path, name } = splitSecretName(full);
    if (path === undefined) {
      if (!sends(config.secretParameters, name) && !sends(config.parameters, name)) unsent.push({ name });
      continue;
    }
    // a bound value follows the parameter that binds it: it is supplied there, once
    if (manifest && binderOf(manifest, path, name) !== undefined) continue;
    const secrets = Object.hasOwn(config.submoduleSecrets, path) ? config.submoduleSecrets[path] : null;
    const subs = config.submodules;
    if (isUnknown(subs) || sends(secrets, name)) continue;
    const sub = subs !== null && Object.hasOwn(subs, path) ? subs[path] : null;
    if (isUnknown(sub) || sends(sub?.parameters ?? null, name)) continue;
    unsent.push({ name, path });
  }
  return unsent;
}

/** Whether a map sends `name` (unknown until apply counts: the apply checks again). */
function sends(map: Maybe<StringMapModel> | null, name: string): boolean {
  if (map === null) return false;
  return isUnknown(map) || (Object.hasOwn(map, name) && map[name] !== null);
}

/** One error per held secret the change would reset, naming where to supply it. */
export function unsentSecretErrors(unsent: UnsentSecret[]): Diagnostic[] {
  return unsent.map(({ name, path }) => {
    const full = path === undefined ? name : `${path}/${name}`;
    const where = path === undefined ? "secret_parameters" : `submodules["${path}"].secret_parameters`;
    return errorDiagnostic(
      `${full}: the service holds a secret this change would reset`,
      `${full} is held by the service and this change would reset it to its default; supply it in ` +
        `${where} (see README "Secrets"). A reconfigure resets every value it does not list, and terraform ` +
        "never stores a secret to send it again. To give it a new value on purpose, supply that value.",
      path === undefined
        ? attrPath("secret_parameters", { key: name })
        : attrPath("submodules", { key: path }, "secret_parameters"),
    );
  });
}

/** Secret names, asked per main parameter or per submodule parameter. */
export class SecretNames {
  private readonly names: Set<string>;
  constructor(readonly list: string[]) {
    this.names = new Set(list);
  }
  main(name: string): boolean {
    return this.names.has(name);
  }
  submodule(path: string, name: string): boolean {
    return this.names.has(submoduleName(path, name));
  }
  /** `values` without the secret ones; `path` names the submodule they belong to. */
  without(values: Parameters, path?: string): Parameters {
    const out: Parameters = {};
    for (const [k, v] of Object.entries(values)) {
      if (!(path === undefined ? this.main(k) : this.submodule(path, k))) setOwn(out, k, v);
    }
    return out;
  }
}

/**
 * Parameter names that look like secrets. An import has no configuration to say which parameters are
 * secret (the service does not mark them), so it keeps these out of the state and names them.
 */
const SECRET_LOOKING = /pass(word|wd|phrase)?|secret|token|api[-_]?key|private[-_]?key|credential|cert/i;

export function looksSecret(name: string): boolean {
  return SECRET_LOOKING.test(name);
}

/**
 * The status with the secret names' values taken out of the main and submodule parameters: what read,
 * apply, import, drift and the reset warnings see, so the service reporting a secret back never puts it in
 * a state, a private state or a diagnostic. A submodule value equal to a secret's value is the secret bound
 * into that submodule (the service gives a bound parameter its binder's value), so it goes too, with the
 * values of that submodule whose names look secret.
 */
export function withoutSecretValues(s: InstanceStatus, names: SecretNames): InstanceStatus {
  if (names.list.length === 0) return s;
  const secretValues = new Set<string>();
  const keep = (values: Parameters, path?: string) => {
    for (const [k, v] of Object.entries(values))
      if ((path === undefined ? names.main(k) : names.submodule(path, k)) && v !== "") secretValues.add(v);
    return names.without(values, path);
  };
  const parameters = keep(s.parameters);
  const kept = Object.entries(s.submodules).map(
    ([path, sub]) => [path, sub, keep(sub.parameters, path)] as const,
  );
  const submodules: InstanceStatus["submodules"] = {};
  for (const [path, sub, values] of kept) {
    // a submodule a secret is bound into: what else of it looks secret goes too (a copy the service has not
    // brought up to date yet, after a rotation, equals no secret's value now)
    const ofSecret = Object.values(values).some((v) => secretValues.has(v));
    const unbound: Parameters = {};
    for (const [k, v] of Object.entries(values))
      if (!secretValues.has(v) && !(ofSecret && looksSecret(k))) setOwn(unbound, k, v);
    setOwn(submodules, path, { ...sub, parameters: unbound });
  }
  return { ...s, parameters, submodules };
}

/**
 * The secret names of an instance read without a configuration (an import, the `appmgmt_instance` data
 * source): those `named`, and those of its parameters that look secret (main, then submodules' by path).
 * A submodule value equal to a value of its binder (the main parameters, or its parent submodule's) is taken
 * as bound, as an import takes it (read.ts `importedSubmodules`): it follows its binder, is set only through
 * it, and is not a secret name of its own (withoutSecretValues drops its value with the binder's).
 */
export function importedSecretNames(s: InstanceStatus, named: string[]): SecretNames {
  const given = new Set(named);
  const names = Object.keys(s.parameters)
    .filter((n) => given.has(n) || looksSecret(n))
    .sort();
  for (const path of Object.keys(s.submodules).sort(byCodeUnit)) {
    const binders = new Set(Object.values(binderValues(s, path)));
    const secret = Object.entries(s.submodules[path].parameters)
      .filter(([n, v]) => given.has(submoduleName(path, n)) || (looksSecret(n) && !binders.has(v)))
      .map(([n]) => n);
    names.push(...secret.sort().map((n) => submoduleName(path, n)));
  }
  return new SecretNames(names);
}

/** The values that may bind a submodule's parameters: the main ones, or its parent submodule's. */
export function binderValues(s: InstanceStatus, path: string): Parameters {
  const slash = path.lastIndexOf("/");
  if (slash < 0) return s.parameters;
  const parent = path.slice(0, slash);
  return Object.hasOwn(s.submodules, parent) ? s.submodules[parent].parameters : {};
}

/**
 * The return values the state may hold: all but those `sensitive_return_values` names, which stay out of the
 * state (the ephemeral appmgmt_instance_return_values reads them). No attribute is marked sensitive: the mark
 * would put a path into every instance's state (issue 38).
 */
export function plainReturnValues(
  all: Record<string, string>,
  sensitive: Maybe<Maybe<string>[]> | null,
): Record<string, string> {
  const named = new Set((known(sensitive) ?? []).filter((n): n is string => typeof n === "string"));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (!named.has(k)) setOwn(out, k, v);
  return out;
}
