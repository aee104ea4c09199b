// Plan- and validate-time checks of an `appmgmt_instance` configuration: ids, timeouts, parameter names
// and, when the `manifest` attribute is known, the binding rules. Unknown values are skipped.

import {
  isUnknown,
  type AttributePath,
  type Diagnostic,
  type PathStep,
  type ValueObject,
} from "../protocol/model";
import { idProblem, instanceNameProblem } from "../rules/identifiers";
import { checkIdAttributes } from "./data-source";
import { errorDiagnostic } from "./diagnostics";
import { parseDuration } from "./duration";
import { asObject, attrPath, knownString, mapEntries } from "./values";

/** `input.<name>`, the form the service accepts (DESIGN §4). */
const PARAMETER_NAME = /^input\.[^\s.#'"[\]]+$/;

export const TIMEOUT_OPERATIONS = ["create", "update", "delete"] as const;

export function checkInstanceConfig(config: ValueObject, operation: "launch" | "reconfigure"): Diagnostic[] {
  const diagnostics = [...checkIds(config), ...checkInstanceName(config), ...checkTimeouts(config)];
  const manifestText = config.manifest;
  if (typeof manifestText === "string")
    diagnostics.push(...checkAgainstManifest(config, manifestText, operation));
  else if (!isUnknown(manifestText)) diagnostics.push(...checkParameterNames(config));
  return diagnostics;
}

function checkIds(config: ValueObject): Diagnostic[] {
  const out = checkIdAttributes(config, ["application_id", "environment_id", "revision_id"]);
  for (const [sub, settings] of mapEntries(config, "submodules")) {
    const value = knownString(asObject(settings), "revision_id");
    const problem = value === undefined ? undefined : idProblem("revision_id", value);
    if (problem) {
      const path = attrPath("submodules", { key: sub }, "revision_id");
      out.push(errorDiagnostic("Invalid revision_id", `${problem}.`, path));
    }
  }
  return out;
}

function checkInstanceName(config: ValueObject): Diagnostic[] {
  const name = knownString(config, "instance_name");
  const problem = name === undefined ? undefined : instanceNameProblem(name);
  return problem ? [errorDiagnostic("Invalid instance_name", `${problem}.`, attrPath("instance_name"))] : [];
}

function checkTimeouts(config: ValueObject): Diagnostic[] {
  const timeouts = asObject(config.timeouts);
  const out: Diagnostic[] = [];
  for (const op of TIMEOUT_OPERATIONS) {
    const text = knownString(timeouts, op);
    if (text === undefined) continue;
    const ms = parseDuration(text);
    if (ms instanceof Error)
      out.push(errorDiagnostic(`Invalid timeouts.${op}`, ms.message, attrPath("timeouts", op)));
  }
  return out;
}

function checkParameterNames(config: ValueObject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (name: string, where: string, path: AttributePath) => {
    if (!PARAMETER_NAME.test(name)) {
      const pin = name.replace(/^input\./, "").replace(/[\s.#'"[\]]+/g, "-") || "name";
      out.push(
        errorDiagnostic(
          `Invalid parameter name ${JSON.stringify(name)} in ${where}`,
          `Parameter names have the form input.<name>, as in the application manifest: write e.g. "input.${pin}".`,
          path,
        ),
      );
    }
  };
  for (const [name] of mapEntries(config, "parameters"))
    check(name, "parameters", attrPath("parameters", { key: name }));
  for (const [sub, settings] of mapEntries(config, "submodules")) {
    for (const [name] of mapEntries(asObject(settings), "parameters")) {
      check(
        name,
        `submodules["${sub}"].parameters`,
        attrPath("submodules", { key: sub }, "parameters", { key: name }),
      );
    }
  }
  return out;
}

/** The rules' view of the configuration; unknown values stay in place and the rules skip them. */
function rulesConfig(config: ValueObject) {
  const parameters = asObject(config.parameters) ?? undefined;
  const manifestVersion = typeof config.manifest_version === "number" ? config.manifest_version : undefined;
  const subs = asObject(config.submodules);
  const submodules = subs
    ? Object.fromEntries(
        Object.entries(subs).map(([name, v]) => {
          const s = asObject(v);
          return [
            name,
            {
              revisionId: knownString(s, "revision_id"),
              manifestVersion: typeof s?.manifest_version === "number" ? s.manifest_version : undefined,
              parameters: asObject(s?.parameters) ?? undefined,
            },
          ];
        }),
      )
    : undefined;
  return { parameters, manifestVersion, submodules };
}

function checkAgainstManifest(
  config: ValueObject,
  manifestText: string,
  operation: "launch" | "reconfigure",
): Diagnostic[] {
  // Loaded here, not at start-up: only plans with a manifest need the YAML parser.
  const { parseManifest, ManifestError } = require("../manifest") as typeof import("../manifest");
  const rules = require("../rules") as typeof import("../rules");
  let manifest;
  try {
    manifest = parseManifest(manifestText);
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    return [errorDiagnostic("Invalid application manifest", e.message, attrPath("manifest"))];
  }
  const findings = rules.checkInstanceConfig(manifest, rulesConfig(config), { operation, isUnknown });
  return findings.map((f) => errorDiagnostic(f.message, rules.formatFinding(f), findingPath(f.path)));
}

/** A rules path (["submodules", "db", "parameters", "input.size"]) as a terraform attribute path. */
export function findingPath(path: (string | number)[]): AttributePath {
  const out: PathStep[] = [];
  let nextIsKey = false;
  for (const step of path) {
    if (typeof step === "number") {
      out.push({ index: step });
      continue;
    }
    if (nextIsKey) {
      out.push({ key: step });
      // after a submodule's name come its attributes; after a parameter name nothing
      nextIsKey = false;
      continue;
    }
    const attr = step.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out.push({ attr });
    nextIsKey = attr === "parameters" || attr === "submodules";
  }
  return out;
}
