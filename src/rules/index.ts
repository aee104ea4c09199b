// The binding rules (ARCHITECTURE.md §4): pure checks of an instance configuration against the application
// manifest. The provider runs them at plan time, the constructs at synth time; both show the findings.

import type { Manifest } from "../manifest/types";
import { PARAMETER_NAME, parameterName } from "../service/limits";
import { isUnknown } from "../util/unknown";
import { binderOf } from "./binder";
import { formatPath } from "./format";
import { closestName } from "./suggest";
import { opaqueAncestor } from "./unchecked-submodules";
import type { CheckOptions, FieldNames, Finding, InstanceConfig } from "./types";

export type { CheckOptions, FieldNames, Finding, InstanceConfig, SubmoduleConfig } from "./types";
export { formatFinding, formatPath } from "./format";
export { closestName } from "./suggest";
export { binderOf } from "./binder";
export {
  ID_PATTERN,
  INSTANCE_NAME_LIMITS,
  PARAMETER_NAME,
  idProblem,
  instanceNameProblem,
} from "./identifiers";
export {
  leavesEverythingAsIs,
  reconfigureResets,
  type PossibleReset,
  type Reset,
  type ResetInput,
  type ResetPlan,
  type UnknownOutcome,
} from "./resets";
export {
  knownValues,
  manifestOf,
  rulesConfig,
  type DesiredInstance,
  type DesiredSubmodule,
  type DesiredValues,
} from "./desired";
export { serviceChange, type InstanceNow, type ServiceChange } from "./reconfigure";
export {
  SECRET_PLACEHOLDER,
  instanceChange,
  instanceInputs,
  markedUnknown,
  secretOf,
  type InstanceAttributes,
  type InstanceChange,
  type InstanceInputs,
  type UnknownAt,
} from "./inputs";
export { splitSecretName, submoduleSecretName } from "./secret-names";
export { manifestModule } from "./manifest-module";
export type { SubmoduleDefaults } from "./submodule-defaults";
export { naturalCompare, naturalKeys } from "./natural-order";
export { uncheckedSubmodules, type UncheckedSubmodule } from "./unchecked-submodules";
export { resolveLocator, type LocatorResolution, type NamedApplication } from "./locators";
export { checkWorkflowRun, reservedWorkflowFinding, RESERVED_WORKFLOWS, type WorkflowRun } from "./workflows";

/** The constructs' field names (the client's wire names), the default. */
export const CONSTRUCT_NAMES: FieldNames = {
  manifestVersion: "manifestVersion",
  secretParameters: "secretParameters",
};
/** The terraform schema's attribute names, for the provider. */
export const SCHEMA_NAMES: FieldNames = {
  manifestVersion: "manifest_version",
  secretParameters: "secret_parameters",
};

type Path = Finding["path"];

/** Every violation of the binding rules in `config`, in a stable order (sorted by key); [] when valid. */
export function checkInstanceConfig(
  manifest: Manifest,
  config: InstanceConfig,
  opts: CheckOptions = {},
): Finding[] {
  const findings: Finding[] = [];
  const mapOf = parameterMap(opts);
  checkManifestVersion(config.manifestVersion, opts, findings);
  for (const name of sortedKeys(config.parameters)) {
    const path = [mapOf(name), name];
    const value = config.parameters![name];
    if (!checkName(name, path, Object.keys(manifest.parameters), findings)) continue;
    if (!ownEntry(manifest.parameters, name)) {
      findings.push(
        unknownParameter(name, path, Object.keys(manifest.parameters), "the application manifest"),
      );
      continue;
    }
    if (!isUnknown(value)) checkValue(value, path, findings);
  }
  for (const submoduleName of sortedKeys(config.submodules)) {
    if (!checkSubmoduleKey(submoduleName, findings)) continue;
    const submodule = ownEntry(manifest.submodules, submoduleName);
    // below a submodule whose hierarchy only its own manifest knows: sent unchecked (uncheckedSubmodules)
    if (!submodule && opaqueAncestor(manifest, submoduleName) !== undefined) continue;
    if (!submodule) {
      findings.push(unknownSubmodule(submoduleName, Object.keys(manifest.submodules)));
      continue;
    }
    const parameters = ownEntry(config.submodules!, submoduleName)?.parameters;
    for (const name of sortedKeys(parameters)) {
      const path = ["submodules", submoduleName, mapOf(name, submoduleName), name];
      const value = parameters![name];
      const knownNames = Object.keys(submodule.parameters);
      if (!checkName(name, path, knownNames, findings)) continue;
      const declared = ownEntry(submodule.parameters, name);
      if (!declared) {
        findings.push(unknownParameter(name, path, knownNames, `submodule ${submoduleName}`));
        continue;
      }
      const binder = binderOf(manifest, submoduleName, name);
      if (binder !== undefined) {
        findings.push(boundParameter(path, binder, opts));
        continue;
      }
      if (!isUnknown(value)) checkValue(value, path, findings);
    }
  }
  return findings;
}

/**
 * `record[key]` when the record itself holds the key: names such as "constructor" or "toString" are
 * user-chosen keys here, never the members every object inherits.
 */
function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The field of the map a parameter was set in: `parameters`, or the secret map for a name `isSecret` says
 * was set there, so that a finding points at the line that sets it.
 */
function parameterMap(opts: CheckOptions): (name: string, submodule?: string) => string {
  const secretMap = (opts.names ?? CONSTRUCT_NAMES).secretParameters;
  return (name, submodule) => (opts.isSecret?.(name, submodule) ? secretMap : "parameters");
}

function sortedKeys(record: Record<string, unknown> | undefined | null): string[] {
  return record ? Object.keys(record).sort() : [];
}

/** A submodule key is a path of component names: "db", or "db/replica" for a submodule of db. */
const SUBMODULE_KEY = /^[^/]+(\/[^/]+)*$/;

/** Reports a submodule key that is not a path of component names; returns whether it is one. */
function checkSubmoduleKey(key: string, findings: Finding[]): boolean {
  if (SUBMODULE_KEY.test(key)) return true;
  const segments = key.split("/").filter((s) => s !== "");
  findings.push({
    path: ["submodules", key],
    message: `submodule key '${key}' is not a path of component names separated by '/'`,
    fix:
      segments.length > 0
        ? `write ${formatPath(["submodules", segments.join("/")])}`
        : 'name a submodule of the manifest, e.g. "db" or "db/replica"',
  });
  return false;
}

function checkManifestVersion(version: unknown, opts: CheckOptions, findings: Finding[]): void {
  if (version === undefined || version === null || isUnknown(version)) return;
  const field = (opts.names ?? CONSTRUCT_NAMES).manifestVersion;
  const available = opts.availableVersions ? [...opts.availableVersions].sort((a, b) => a - b) : undefined;
  const choices = available && available.length > 0 ? `one of ${available.join(", ")}` : "a positive integer";
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    findings.push({
      path: [field],
      message: `${field} must be a positive integer, got ${JSON.stringify(version)}`,
      fix: `set ${field} to ${choices}`,
    });
  } else if (available && !available.includes(version)) {
    findings.push({
      path: [field],
      message: `manifest version ${version} does not exist for this application (available: ${available.join(", ") || "none"})`,
      fix: `set ${field} to ${choices}, or omit it for the latest`,
    });
  }
}

/**
 * Reports a name not of the form `<interface>.<pin>`; returns whether the name is well formed. A name the
 * manifest declares is (a pin may contain characters the pattern leaves out, such as a dot).
 */
function checkName(name: string, path: Path, knownNames: string[], findings: Finding[]): boolean {
  if (PARAMETER_NAME.test(name) || knownNames.includes(name)) return true;
  const stripped = name.trim().replace(/^input\b[.:_-]?/, "");
  const candidate = parameterName("input", stripped);
  const suggestion =
    knownNames.find((n) => n === candidate || n.endsWith(`.${stripped}`)) ??
    closestName(candidate, knownNames) ??
    wellFormed(stripped, knownNames);
  findings.push({
    path,
    message: `parameter name '${name}' is not of the form '<interface>.<pin>'`,
    fix: suggestion
      ? `write ${formatPath([...path.slice(0, -1), suggestion])}`
      : "name it '<interface>.<pin>' after a configuration pin of the manifest's interfaces (e.g. 'input.<pin>')",
  });
  return false;
}

/** Without names to choose from, the name with the characters the pattern leaves out made dashes. */
function wellFormed(stripped: string, knownNames: string[]): string | undefined {
  const candidate = parameterName("input", stripped.replace(/[\s.#'"[\]/]+/g, "-").replace(/^-|-$/g, ""));
  return knownNames.length === 0 && PARAMETER_NAME.test(candidate) ? candidate : undefined;
}

/**
 * Findings for the parameter names of `config` not of the form `<interface>.<pin>`: the one rule that needs no
 * manifest (the provider applies it while the configuration has none).
 */
export function checkParameterNames(config: InstanceConfig, opts: CheckOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const mapOf = parameterMap(opts);
  for (const name of sortedKeys(config.parameters)) checkName(name, [mapOf(name), name], [], findings);
  for (const sub of sortedKeys(config.submodules)) {
    if (!checkSubmoduleKey(sub, findings)) continue;
    const parameters = ownEntry(config.submodules!, sub)?.parameters;
    for (const name of sortedKeys(parameters))
      checkName(name, ["submodules", sub, mapOf(name, sub), name], [], findings);
  }
  return findings;
}

function unknownParameter(name: string, path: Path, knownNames: string[], owner: string): Finding {
  const parent = path.slice(0, -1);
  const suggestion = closestName(name, knownNames);
  let fix: string;
  if (suggestion) fix = `did you mean ${formatPath([...parent, suggestion])}?`;
  else if (knownNames.length > 0)
    fix = `use one of: ${[...knownNames]
      .sort()
      .map((n) => formatPath([...parent, n]))
      .join(", ")}`;
  else fix = `remove it: ${owner} defines no parameters`;
  return { path, message: `parameter '${name}' is not defined by ${owner}`, fix };
}

function unknownSubmodule(name: string, knownNames: string[]): Finding {
  const suggestion = closestName(name, knownNames);
  let fix: string;
  if (suggestion) fix = `did you mean ${formatPath(["submodules", suggestion])}?`;
  else if (knownNames.length > 0) fix = `use one of: ${[...knownNames].sort().join(", ")}`;
  else fix = "remove it: the application manifest defines no submodules";
  return {
    path: ["submodules", name],
    message: `submodule '${name}' is not defined by the application manifest`,
    fix,
  };
}

/**
 * A submodule parameter the manifest binds to `binder`, set at `path` (in the submodule's `parameters` or
 * secret map): it is set through the binder, which is itself secret when the value is.
 */
function boundParameter(path: Path, binder: Path, opts: CheckOptions): Finding {
  const [, submodule, map, name] = path;
  const main = formatPath(binder);
  const where = formatPath(path.slice(0, -1));
  const message =
    `${name} of submodule ${submodule} is bound to ${main}, so it cannot be set under ${where}` +
    (opts.operation ? ` on ${opts.operation}` : "");
  if (map === "parameters") return { path, message, fix: `set ${main} instead` };
  const secretMain = formatPath([...binder.slice(0, -2), map, ...binder.slice(-1)]);
  return { path, message, fix: `set ${secretMain} instead (or ${main} if the value is not secret)` };
}

function checkValue(value: unknown, path: Path, findings: Finding[]): void {
  if (typeof value === "string") return;
  const where = formatPath(path);
  const scalar = typeof value === "number" || typeof value === "boolean";
  findings.push({
    path,
    message: `the value of ${where} must be a string, got ${value === null ? "null" : scalar ? `${typeof value} ${String(value)}` : typeof value}`,
    fix: scalar ? `write it as a string: "${String(value)}"` : "give it a string value, or remove the key",
  });
}
