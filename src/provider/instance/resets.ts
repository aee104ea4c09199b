// What a reconfigure will do to values the configuration does not mention (ARCHITECTURE.md §5). The
// service resets every value a reconfigure does not list; which values that changes is the rules' one
// answer (src/rules/resets.ts, which `appmgmt review` calls too). The plan compares what the service
// reports now (the prior state's effective values, and the actual submodule values kept in the private
// state) with the request: a warning per value it resets for certain, one warning per instance listing
// the values it may reset (what the plan cannot see decides them), and, when the manifest is known, the
// exact `effective_parameters` instead of "known after apply".

import type { Parameters } from "../../client/types";
import type { Manifest } from "../../manifest/types";
import { type Diagnostic, isUnknown, warningDiagnostic } from "../../terraform-model";
import { setOwn } from "../../own";
import {
  leavesEverythingAsIs,
  reconfigureResets,
  type PossibleReset,
  type ResetInput,
  type UnknownOutcome,
} from "../../rules/resets";
import type { InstanceConfig } from "../../rules/types";
import { attrPath } from "../values";
import { known, knownEntries, knownMap, type InstanceModel } from "./model";
import type { InstancePrivate } from "./private";
import { manifestModule } from "./manifest-module";

export interface PlannedResets {
  /** The exact effective_parameters after the reconfigure, when the provider can tell. */
  effectiveParameters?: Parameters;
  warnings: Diagnostic[];
  /** The manifest proves the reconfigure changes nothing on the service: the update sends nothing. */
  changesNothing: boolean;
}

export function planResets(
  prior: InstanceModel,
  config: InstanceModel,
  priv: InstancePrivate,
): PlannedResets {
  const manifest = typeof config.manifest === "string" ? parsedOrUndefined(config.manifest) : undefined;
  const input = resetInput(prior, config, priv);
  const plan = reconfigureResets(manifest, input);

  let effectiveParameters: Parameters | undefined;
  const listedValues = knownMap(config.parameters) ?? (config.parameters === null ? {} : undefined);
  if (plan.manifestApplies && !input.afterRevision && listedValues) {
    effectiveParameters = { ...mainDefaults(manifest!), ...listedValues };
  }
  const warnings: Diagnostic[] = plan.resets.map((r) => {
    const name = r.path[1] as string;
    const becomes =
      r.default !== undefined
        ? `its default ${JSON.stringify(r.default)}`
        : "nothing (the manifest does not declare it)";
    return warningDiagnostic(
      `parameters["${name}"] will be reset to its default`,
      `parameters does not list "${name}" (now ${JSON.stringify(r.current)} on the service), and a ` +
        `reconfigure resets every value it does not list: it becomes ${becomes}. To keep the current ` +
        `value, list it: "${name}" = ${JSON.stringify(r.current)}.`,
      attrPath("parameters"),
    );
  });
  if (plan.possible.length > 0) warnings.push(possibleResetsWarning(plan.possible));
  const changesNothing = submoduleVersionsKept(prior, config) && leavesEverythingAsIs(plan, input);
  return { effectiveParameters, warnings, changesNothing };
}

/**
 * Whether a configuration that differs from the state must reach the service: false when the manifest
 * proves the reconfigure would leave every value as it is. The plan and the update ask the same question.
 */
export function reachesService(prior: InstanceModel, config: InstanceModel, priv: InstancePrivate): boolean {
  return !planResets(prior, config, priv).changesNothing;
}

/** The rules' view of the reconfigure: what the service reports now and what the request lists. */
function resetInput(prior: InstanceModel, config: InstanceModel, priv: InstancePrivate): ResetInput {
  // terraform's unknowns pass through as they are: the rules skip what isUnknown accepts
  const after = {
    parameters: config.parameters ?? {},
    submodules: isUnknown(config.submodules)
      ? config.submodules
      : Object.fromEntries(
          knownEntries(config.submodules).map(([name, s]) => [
            name,
            s === undefined ? UNKNOWN_SUBMODULE : { parameters: s.parameters ?? {} },
          ]),
        ),
  } as unknown as InstanceConfig;
  const versionChanges = config.manifestVersion !== null && config.manifestVersion !== prior.manifestVersion;
  return {
    current: knownMap(prior.effectiveParameters) ?? {},
    currentSubmodules: actualSubmodules(prior, priv),
    after,
    // A configured revision applies its stored values, which the provider cannot see.
    afterRevision: config.revisionId !== null,
    targetVersion: isUnknown(config.manifestVersion) ? "unknown" : versionChanges ? "other" : "same",
    isUnknown: (v) => v === UNKNOWN_SUBMODULE || isUnknown(v),
  };
}

/** A submodule entry terraform does not know yet. */
const UNKNOWN_SUBMODULE = Object.freeze({});

/** A configured submodule manifest_version that differs from the state's moves the submodule. */
function submoduleVersionsKept(prior: InstanceModel, config: InstanceModel): boolean {
  const before = new Map(knownEntries(prior.submodules));
  return knownEntries(config.submodules).every(([name, s]) => {
    if (s === undefined) return false;
    if (s.manifestVersion === null) return true;
    const was = before.get(name);
    return (
      was !== undefined && known(s.manifestVersion) !== undefined && s.manifestVersion === was.manifestVersion
    );
  });
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

const WHY: Record<UnknownOutcome, string> = {
  "no-manifest":
    "Without `manifest` the provider cannot know their defaults, so it cannot tell which of them change.",
  "submodule-default":
    "A submodule's defaults are in its own application's manifest, which the plan cannot see.",
  revision: "revision_id applies the revision's stored values, else the defaults, which the plan cannot see.",
};

/**
 * One warning for every value the request does not list and whose outcome the plan cannot know: a
 * warning per value would claim resets that may not happen (a value already at its default stays).
 */
function possibleResetsWarning(possible: PossibleReset[]): Diagnostic {
  const lines = possible.map((p) => {
    const follow =
      p.mayFollow === undefined
        ? ""
        : ` (if the manifest binds it to ${p.mayFollow.map((m) => `parameters["${m}"]`).join(" or ")}, it follows that instead)`;
    return `  ${where(p.path)} = ${JSON.stringify(p.current)}${follow}`;
  });
  const reasons = [...new Set(possible.map((p) => p.because))].map((b) => WHY[b]);
  const fixes = ["list a value to keep it"];
  if (possible.some((p) => p.because === "no-manifest")) fixes.push("set `manifest` to make the plan exact");
  const n = possible.length;
  return warningDiagnostic(
    `${n} value${n === 1 ? "" : "s"} not in the configuration may be reset to ${n === 1 ? "its default" : "their defaults"}`,
    `A reconfigure resets every value it does not list. It does not list these values the service ` +
      `reports now:\n${lines.join("\n")}\n${reasons.join(" ")} To be sure: ${fixes.join("; ")}.`,
    possible.some((p) => p.path[0] === "parameters") ? attrPath("parameters") : attrPath("submodules"),
  );
}

/** `parameters["input.db-size"]`, `submodules["db"].parameters["input.engine"]`. */
function where(path: (string | number)[]): string {
  return path.length === 2 ? `parameters["${path[1]}"]` : `submodules["${path[1]}"].parameters["${path[3]}"]`;
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
