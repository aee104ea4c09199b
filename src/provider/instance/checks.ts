// Plan- and validate-time checks of an `appmgmt_instance` configuration: ids, instance name, durations (auto_destroy_after, timeouts),
// parameter names and, when the `manifest` attribute is known, the binding rules (src/rules). Unknown
// values are skipped. When the checks pass, the plan adds its notices: warnings about what the manifest cannot
// fully judge (docs/manifest.md).

import { type AttributePath, type Diagnostic, Diagnostics, isUnknown } from "../../terraform-model";
import {
  SCHEMA_NAMES,
  checkInstanceConfig,
  checkParameterNames,
  formatFinding,
  idProblem,
  instanceNameProblem,
  manifestModule,
  rulesConfig,
  secretOf,
  uncheckedSubmodules,
  type DesiredInstance,
  type Finding,
} from "../../rules";
import { parseDuration } from "../duration";
import { addManifestError } from "../manifest-attribute";
import { attrPath } from "../values";
import type { InstanceCall } from "./change";
import { known, knownEntries, type InstanceModel, type SubmoduleModel } from "./model";
import { TIMEOUT_OPERATIONS } from "./schema";

export type Operation = "launch" | "reconfigure";

/**
 * The configuration's checks, from the call decoded once (change.ts); `operation` is what the plan sends
 * (undefined at validation, which cannot tell), named by the findings it applies to.
 */
export function checkInstanceAttributes(
  { config, change }: InstanceCall,
  operation: Operation | undefined,
): Diagnostic[] {
  const out = new Diagnostics();
  // the configured submodules, read once for the checks that look into each
  const submodules = knownEntries(config.submodules);
  checkIds(config, submodules, out);
  checkInstanceName(config, out);
  checkDurations(config, out);
  checkSecretNames(config, submodules, out);
  const desired = change.desired;
  checkSubmoduleManifests(desired, out);
  // a finding about a secret name points at the secret_parameters map that sets it
  const options = { operation, names: SCHEMA_NAMES, isSecret: secretOf(change) };
  if (desired.manifest === undefined) addFindings(checkParameterNames(rulesConfig(desired), options), out);
  else if (!isUnknown(desired.manifest)) {
    const manifest = addManifestError(desired.manifest, out);
    if (manifest) addFindings(checkInstanceConfig(manifest, rulesConfig(desired), options), out);
  }
  return out.list;
}

/** The plan's checks, then (when they pass) the notices of what the manifest cannot judge. */
export function checkPlan(call: InstanceCall): Diagnostic[] {
  const updating = call.prior !== undefined;
  const diagnostics = checkInstanceAttributes(call, updating ? "reconfigure" : "launch");
  if (!diagnostics.some((d) => d.severity === "error"))
    diagnostics.push(...manifestNotices(call.change.desired, !updating));
  return diagnostics;
}

/**
 * The plan's warnings for `desired` (`launching`: whether the plan launches, when defaults are first sent): a
 * nested submodule key below a submodule whose components only its application's own manifest declares is sent
 * unchecked, and a typed default (a number, a list, ...) is sent as a string.
 */
function manifestNotices(desired: DesiredInstance, launching: boolean): Diagnostic[] {
  const parse = desired.manifest;
  if (parse === undefined || isUnknown(parse) || !("manifest" in parse)) return [];
  const { manifest } = parse;
  const out = new Diagnostics();
  const rules = rulesConfig(desired);
  const unchecked = isUnknown(desired.submodules) ? [] : uncheckedSubmodules(manifest, rules);
  for (const { key, under, applicationId } of unchecked) {
    const app = applicationId ? `application ${applicationId}` : "its application";
    out.addWarning(
      attrPath("submodules", { key }),
      "Nested submodule not checked at plan",
      `submodules["${key}"] is sent as written: the manifest does not declare the components of submodule ` +
        `${under} (${app} declares them in its own manifest), so this key, its parameters and the binding rule ` +
        `for them could not be checked; the service checks them at apply. To check them at plan, restate ` +
        `${under}'s components under its entry in application.components.`,
    );
  }
  if (!launching || isUnknown(desired.parameters)) return out.list;
  const { describeEncoding } = manifestModule();
  const encoded = Object.values(manifest.parameters)
    .filter(
      (p) =>
        p.defaultEncoding !== undefined &&
        p.default !== undefined &&
        rules.parameters?.[p.name] === undefined,
    )
    .map((p) => `- ${describeEncoding(p.name, p.type, { text: p.default!, encoding: p.defaultEncoding })}`);
  if (encoded.length > 0)
    out.addWarning(
      attrPath("effective_parameters"),
      "Typed defaults sent as strings",
      `${encoded.join("\n")}\nSet parameters["<name>"] to send another text.`,
    );
  return out.list;
}

/** A submodule's own manifest that does not parse would silently leave its defaults unknown: an error. */
function checkSubmoduleManifests(desired: DesiredInstance, out: Diagnostics): void {
  const subs = desired.submodules;
  if (subs === undefined || isUnknown(subs)) return;
  for (const [key, s] of Object.entries(subs)) {
    if (isUnknown(s) || s.manifest === undefined || isUnknown(s.manifest)) continue;
    if ("error" in s.manifest)
      out.addError(
        attrPath("submodules", { key }, "manifest"),
        `Invalid manifest of submodule ${key}`,
        `submodules["${key}"].manifest: ${s.manifest.error}\nGive the manifest of the submodule's own application (its appmgmt_application's manifest).`,
      );
  }
}

/** The known entries of the configuration's submodules. */
type Submodules = [string, SubmoduleModel | undefined][];

function checkSecretNames(config: InstanceModel, submodules: Submodules, out: Diagnostics): void {
  for (const { path, name } of namesInBothMaps(config, submodules)) {
    const where = path === undefined ? "" : `submodules["${path}"].`;
    out.addError(
      path === undefined
        ? attrPath("secret_parameters", { key: name })
        : attrPath("submodules", { key: path }, "secret_parameters", { key: name }),
      `"${name}" is in both parameters and secret_parameters`,
      `A parameter is either plain or secret: remove "${name}" from ${where}parameters to keep it secret ` +
        `(never stored in the state), or from ${where}secret_parameters.`,
    );
  }
}

/** The names in both `parameters` and `secret_parameters` (of the instance, then of each submodule). */
function namesInBothMaps(config: InstanceModel, submodules: Submodules): { path?: string; name: string }[] {
  const both: { path?: string; name: string }[] = [];
  const inBoth = (listed: InstanceModel["parameters"], secrets: InstanceModel["parameters"]) =>
    listed === null || isUnknown(listed) || secrets === null || isUnknown(secrets)
      ? []
      : Object.keys(secrets).filter((n) => Object.hasOwn(listed, n));
  for (const name of inBoth(config.parameters, config.secretParameters)) both.push({ name });
  for (const [path, sub] of submodules) {
    const secrets = Object.hasOwn(config.submoduleSecrets, path) ? config.submoduleSecrets[path] : null;
    for (const name of inBoth(sub?.parameters ?? null, secrets)) both.push({ path, name });
  }
  return both;
}

function checkIds(config: InstanceModel, submodules: Submodules, out: Diagnostics): void {
  const check = (name: string, value: string | undefined, path: AttributePath) => {
    const problem = value === undefined ? undefined : idProblem(name, value);
    if (problem) out.addError(path, `Invalid ${name}`, `${problem}.`);
  };
  check("application_id", known(config.applicationId), attrPath("application_id"));
  check("environment_id", known(config.environmentId), attrPath("environment_id"));
  check("revision_id", known(config.revisionId), attrPath("revision_id"));
  for (const [sub, settings] of submodules) {
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
