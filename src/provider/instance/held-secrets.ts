// The secrets the service holds for an instance (the state's `secret_parameter_names`: set by the
// configuration, or found by an import) that a reconfigure would not send. A reconfigure resets every value
// it does not list, and the provider can never read a secret back into a request, so such a change fails
// the plan (and, should a value be unknown until apply, the apply before anything is sent) naming each one.

import { binderOf, type DesiredInstance, manifestOf, splitSecretName } from "../../rules";
import { type Diagnostic, errorDiagnostic, isUnknown } from "../../terraform-model";
import { attrPath } from "../values";
import type { InstanceModel, Maybe, StringMapModel } from "./model";
import { stateSecretNames } from "./secrets";

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
