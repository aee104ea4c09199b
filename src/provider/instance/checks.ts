// Plan- and validate-time checks of an `appmgmt_instance` configuration: ids, instance name, durations (auto_destroy_after, timeouts),
// parameter names and, when the `manifest` attribute is known, the binding rules (src/rules). Unknown
// values are skipped.

import { type AttributePath, type Diagnostic, Diagnostics, isUnknown, UNKNOWN } from "../../terraform-model";
import { setOwn } from "../../own";
import {
  SCHEMA_NAMES,
  checkInstanceConfig,
  checkParameterNames,
  formatFinding,
  idProblem,
  instanceNameProblem,
  type Finding,
  type InstanceConfig,
} from "../../rules";
import { parseDuration } from "../duration";
import { attrPath } from "../values";
import { known, knownEntries, type InstanceModel, type Maybe, type StringMapModel } from "./model";
import { configSecretNames, namesInBothMaps, type SecretNames } from "./secrets";
import { TIMEOUT_OPERATIONS } from "./schema";
import { parseManifestAttribute } from "../manifest-attribute";

export type Operation = "launch" | "reconfigure";

export function checkInstanceAttributes(config: InstanceModel, operation: Operation): Diagnostic[] {
  const out = new Diagnostics();
  checkIds(config, out);
  checkInstanceName(config, out);
  checkDurations(config, out);
  checkSecretNames(config, out);
  const secrets = configSecretNames(config);
  const secretPaths = (findings: Finding[]) =>
    findings.map((f) => ({ ...f, path: secretPath(f.path, secrets) }));
  if (typeof config.manifest === "string")
    checkAgainstManifest(config, config.manifest, operation, out, secretPaths);
  else if (!isUnknown(config.manifest))
    addFindings(secretPaths(checkParameterNames(rulesConfig(config))), out);
  return out.list;
}

function checkSecretNames(config: InstanceModel, out: Diagnostics): void {
  for (const { path, name } of namesInBothMaps(config)) {
    const where = path === undefined ? [] : ["submodules", { key: path }];
    out.addError(
      attrPath(...(where as string[]), "secret_parameters", { key: name }),
      `"${name}" is in both parameters and secret_parameters`,
      `A parameter is either plain or secret: remove "${name}" from ${path === undefined ? "" : `submodules["${path}"].`}` +
        "parameters to keep it secret (never stored in the state), or from secret_parameters.",
    );
  }
}

/** A rules path naming a secret points at the `secret_parameters` map that sets it. */
function secretPath(path: (string | number)[], secrets: SecretNames): (string | number)[] {
  const [first, sub, , name] = path;
  if (first === "parameters" && secrets.main(String(sub))) return ["secret_parameters", sub];
  if (first === "submodules" && path.length === 4 && secrets.submodule(String(sub), String(name)))
    return ["submodules", sub, "secret_parameters", name];
  return path;
}

function checkIds(config: InstanceModel, out: Diagnostics): void {
  const check = (name: string, value: string | undefined, path: AttributePath) => {
    const problem = value === undefined ? undefined : idProblem(name, value);
    if (problem) out.addError(path, `Invalid ${name}`, `${problem}.`);
  };
  check("application_id", known(config.applicationId), attrPath("application_id"));
  check("environment_id", known(config.environmentId), attrPath("environment_id"));
  check("revision_id", known(config.revisionId), attrPath("revision_id"));
  for (const [sub, settings] of knownEntries(config.submodules)) {
    const value = settings && known(settings.revisionId);
    check("revision_id", value, attrPath("submodules", { key: sub }, "revision_id"));
  }
}

function checkInstanceName(config: InstanceModel, out: Diagnostics): void {
  const name = known(config.instanceName);
  const problem = name === undefined ? undefined : instanceNameProblem(name);
  if (problem) out.addError(attrPath("instance_name"), "Invalid instance_name", `${problem}.`);
}

function checkDurations(config: InstanceModel, out: Diagnostics): void {
  const autoDestroy = known(config.autoDestroyAfter);
  const lifetime = autoDestroy === undefined ? undefined : parseDuration(autoDestroy);
  if (lifetime instanceof Error)
    out.addError(attrPath("auto_destroy_after"), "Invalid auto_destroy_after", lifetime.message);
  const timeouts = known(config.timeouts);
  for (const op of TIMEOUT_OPERATIONS) {
    const text = timeouts && known(timeouts[op]);
    if (text === undefined) continue;
    const ms = parseDuration(text);
    if (ms instanceof Error) out.addError(attrPath("timeouts", op), `Invalid timeouts.${op}`, ms.message);
  }
}

/**
 * The rules' view of the configuration; unknown values stay in place and the rules skip them. Secret names
 * are listed as unknown values: the binding rules hold for them, and no rule ever sees a secret's value.
 */
export function rulesConfig(config: InstanceModel): InstanceConfig {
  const submodules: InstanceConfig["submodules"] = {};
  for (const [name, s] of knownEntries(config.submodules)) {
    const secrets = Object.hasOwn(config.submoduleSecrets, name) ? config.submoduleSecrets[name] : null;
    setOwn(submodules, name, {
      revisionId: s && known(s.revisionId),
      manifestVersion: s && known(s.manifestVersion),
      parameters: withUnknownSecrets((s && known(s.parameters)) ?? undefined, secrets),
    });
  }
  return {
    parameters: withUnknownSecrets(known(config.parameters), config.secretParameters),
    manifestVersion: known(config.manifestVersion),
    submodules: known(config.submodules) ? submodules : undefined,
  };
}

function withUnknownSecrets(
  listed: StringMapModel | undefined,
  secrets: Maybe<StringMapModel> | null,
): StringMapModel | undefined {
  const names = secrets === null || isUnknown(secrets) ? [] : Object.keys(secrets);
  if (names.length === 0) return listed;
  const out: StringMapModel = { ...(listed ?? {}) };
  for (const n of names) setOwn(out, n, UNKNOWN);
  return out;
}

function checkAgainstManifest(
  config: InstanceModel,
  text: string,
  operation: Operation,
  out: Diagnostics,
  secretPaths: (findings: Finding[]) => Finding[],
): void {
  const manifest = parseManifestAttribute(text, out);
  if (!manifest) return;
  const options = { operation, isUnknown, names: SCHEMA_NAMES };
  addFindings(secretPaths(checkInstanceConfig(manifest, rulesConfig(config), options)), out);
}

/** Each finding of the rules as an error at its attribute path, with the fix (the workflow resource's too). */
export function addFindings(findings: Finding[], out: Diagnostics): void {
  for (const f of findings) out.addError(findingPath(f.path), f.message, formatFinding(f));
}

/** A rules path, which alternates attribute names and map keys, as a terraform attribute path. */
function findingPath(path: (string | number)[]): AttributePath {
  return path.map((step, i) =>
    typeof step === "number" ? { index: step } : i % 2 === 0 ? { attr: step } : { key: step },
  );
}
