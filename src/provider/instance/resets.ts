// What a reconfigure will do to values the configuration does not mention (ARCHITECTURE.md §5). The
// service resets every value a reconfigure does not list, so the plan compares what the service reports
// now (the prior state's effective values, and the actual submodule values kept in the private state) with
// what the request will produce: a warning per value that changes unmentioned, and, when the manifest is
// known, the exact `effective_parameters` instead of "known after apply".

import type { Parameters } from "../../client/types";
import type { Manifest } from "../../manifest/types";
import { warningDiagnostic } from "../../protocol/diagnostics";
import { isUnknown, type AttributePath, type Diagnostic } from "../../protocol/model";
import { setOwn } from "../../own";
import { reconfigureResets } from "../../rules/resets";
import { attrPath } from "../values";
import { known, knownEntries, knownMap, type InstanceModel } from "./model";
import type { InstancePrivate } from "./private";
import { manifestModule } from "./manifest-module";

export interface ResetPlan {
  /** The exact effective_parameters after the reconfigure, when the provider can tell. */
  effectiveParameters?: Parameters;
  warnings: Diagnostic[];
}

export function planResets(prior: InstanceModel, config: InstanceModel, priv: InstancePrivate): ResetPlan {
  const manifest = typeof config.manifest === "string" ? parsedOrUndefined(config.manifest) : undefined;
  const defaults = manifest && mainDefaults(manifest);
  // A configured revision applies its stored values, which the provider cannot see.
  const fromRevision = config.revisionId !== null;
  const actual = knownMap(prior.effectiveParameters) ?? {};
  const versionChanges =
    isUnknown(config.manifestVersion) ||
    (config.manifestVersion !== null && config.manifestVersion !== prior.manifestVersion);
  // The manifest text describes the version the instance will run: the current one unless the version
  // changes (then trust it); if its parameters are not the current ones, it is some other version.
  const manifestFits =
    defaults !== undefined &&
    !isUnknown(config.manifestVersion) &&
    (versionChanges || sameNames(defaults, actual));

  const warnings: Diagnostic[] = [];
  let effectiveParameters: Parameters | undefined;
  const listed = isUnknown(config.parameters) ? undefined : (config.parameters ?? {});
  if (listed) {
    const listedValues = knownMap(config.parameters) ?? (config.parameters === null ? {} : undefined);
    if (manifestFits && !fromRevision && listedValues) effectiveParameters = { ...defaults, ...listedValues };
    // The rules compute the main parameters' resets for the review too; what the service reports now
    // stands for the previous configuration, since the reconfigure resets any value it does not list.
    const resets = reconfigureResets(manifestFits ? manifest : undefined, {
      before: { parameters: actual },
      current: actual,
      after: { parameters: listed },
      afterRevision: fromRevision,
    });
    for (const r of resets) {
      const name = r.path[1] as string;
      const becomes = outcome(r.default, fromRevision, manifestFits);
      warnings.push(resetWarning("parameters", name, r.current!, attrPath("parameters"), becomes));
    }
  }
  if (!isUnknown(config.submodules))
    warnings.push(...submoduleWarnings(config, prior, priv, manifest, actual));
  return { effectiveParameters, warnings };
}

function submoduleWarnings(
  config: InstanceModel,
  prior: InstanceModel,
  priv: InstancePrivate,
  manifest: Manifest | undefined,
  mainActual: Parameters,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const desiredSubs = new Map(knownEntries(config.submodules));
  for (const [sub, actual] of Object.entries(actualSubmodules(prior, priv))) {
    const desired = desiredSubs.get(sub);
    if (desired && isUnknown(desired.parameters)) continue;
    const keep = (desired && known(desired.parameters)) ?? {};
    const where = `submodules["${sub}"].parameters`;
    const path = desired ? attrPath("submodules", { key: sub }, "parameters") : attrPath("submodules");
    for (const [name, now] of Object.entries(actual)) {
      if (Object.hasOwn(keep, name)) continue;
      if (manifest) {
        // a bound parameter follows its main parameter, whose change (if any) the plan shows
        if (boundBy(manifest, sub, name) !== undefined) continue;
        out.push(resetWarning(where, name, now, path, "its default in the submodule's manifest"));
        continue;
      }
      // A bound parameter has its main parameter's value; without the manifest the plan cannot tell.
      const mirrors = Object.keys(mainActual).filter((main) => mainActual[main] === now);
      out.push(resetWarning(where, name, now, path, "its default", mirrors));
    }
  }
  return out;
}

/** Every actual submodule value the service reported; without a private record, the managed ones. */
function actualSubmodules(prior: InstanceModel, priv: InstancePrivate): Record<string, Parameters> {
  if (priv.submodules) return priv.submodules;
  const out: Record<string, Parameters> = {};
  for (const [sub, settings] of knownEntries(prior.submodules)) {
    const values = settings && knownMap(settings.parameters);
    if (values) setOwn(out, sub, values);
  }
  return out;
}

function outcome(next: string | undefined, fromRevision: boolean, manifestFits: boolean): string {
  if (next !== undefined) return `its default ${JSON.stringify(next)}`;
  if (fromRevision) return "the value stored in revision_id, or else its default";
  return manifestFits ? "nothing (the manifest does not declare it)" : "its default";
}

function resetWarning(
  where: string,
  name: string,
  now: string,
  path: AttributePath,
  becomes: string,
  /** Main parameters that may bind it (same value), when the plan cannot tell without the manifest. */
  mayBeBoundTo: string[] = [],
): Diagnostic {
  const hint =
    mayBeBoundTo.length === 0
      ? ""
      : ` If the manifest binds it to ${mayBeBoundTo.map((m) => `parameters["${m}"]`).join(" or ")}, it ` +
        "follows that parameter instead and nothing is lost (a bound parameter must not be listed). Set " +
        "`manifest` so the plan can tell.";
  return warningDiagnostic(
    `${where}["${name}"] will be reset to its default` +
      (mayBeBoundTo.length === 0 ? "" : " unless the manifest binds it"),
    `${where} does not list "${name}" (now ${JSON.stringify(now)} on the service), and a reconfigure resets ` +
      `every value it does not list: it becomes ${becomes}. To keep the current value, list it: ` +
      `"${name}" = ${JSON.stringify(now)}.${hint}`,
    path,
  );
}

function parsedOrUndefined(text: string): Manifest | undefined {
  const { parseManifest } = manifestModule();
  try {
    return parseManifest(text);
  } catch {
    return undefined; // reported by the configuration checks
  }
}

function mainDefaults(manifest: Manifest): Parameters {
  const { manifestDefaults } = manifestModule();
  return manifestDefaults(manifest);
}

function boundBy(manifest: Manifest, sub: string, name: string): string | undefined {
  const submodule = Object.hasOwn(manifest.submodules, sub) ? manifest.submodules[sub] : undefined;
  const declared =
    submodule && Object.hasOwn(submodule.parameters, name) ? submodule.parameters[name] : undefined;
  return (
    declared?.boundBy ??
    manifest.bindings.find((b) => b.submodule === sub && b.submoduleParameter === name)?.mainParameter
  );
}

function sameNames(a: Parameters, b: Parameters): boolean {
  const ak = Object.keys(a);
  return ak.length === Object.keys(b).length && ak.every((k) => Object.hasOwn(b, k));
}
