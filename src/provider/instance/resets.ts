// What a reconfigure will do to values the configuration does not mention (ARCHITECTURE.md §4-5). Whether
// a change reaches the service and which values it resets is the rules' one answer (src/rules/reconfigure.ts,
// which `appmgmt review` asks too), from what the prior state says the service holds (effective_parameters,
// effective_submodules) and what the configuration asks. Here that answer becomes the plan: a warning per
// value it resets for certain, one warning per instance listing the values it may reset (what the plan
// cannot see decides them), and, when the manifest gives them, the exact `effective_parameters`.

import type { Parameters } from "../../client/types";
import type { Manifest } from "../../manifest/types";
import { type Diagnostic, isUnknown, warningDiagnostic } from "../../terraform-model";
import {
  knownValues,
  manifestOf,
  serviceChange,
  type InstanceChange,
  type PossibleReset,
  type UnknownOutcome,
} from "../../rules";
import { attrPath } from "../values";
import { manifestModule } from "../../rules";

export interface PlannedResets {
  /** The exact effective_parameters after the reconfigure, when the provider can tell. */
  effectiveParameters?: Parameters;
  /** Submodule values left out whose default under the version kept is known (src/rules/submodule-defaults.ts). */
  submoduleDefaults?: Record<string, Record<string, string>>;
  warnings: Diagnostic[];
}

/** The plan of an update: undefined when nothing reaches the service (the rules' answer). */
export function planResets(update: InstanceChange): PlannedResets | undefined {
  const change = serviceChange(update);
  if (!change.reachesService) return undefined;
  const { resets: plan, input } = change;
  const { desired } = update;
  const manifest = manifestOf(desired);
  let effectiveParameters: Parameters | undefined;
  const listedValues = knownValues(desired.parameters) ?? {};
  if (
    plan.manifestApplies &&
    !isUnknown(input.targetVersion) &&
    !input.afterRevision &&
    !isUnknown(listedValues)
  ) {
    effectiveParameters = { ...mainDefaults(manifest!), ...listedValues };
  }
  const warnings: Diagnostic[] = plan.resets.map((r) => {
    const name = r.path[r.path.length - 1] as string;
    const map = r.path.length === 2 ? "parameters" : `submodules["${r.path[1]}"].parameters`;
    const becomes =
      r.default === undefined
        ? "nothing (the manifest does not declare it)"
        : r.path.length === 2
          ? `its default ${JSON.stringify(r.default)}`
          : `its default ${JSON.stringify(r.default)} (the submodule's, under the manifest version it keeps)`;
    return warningDiagnostic(
      `${where(r.path)} will be reset to its default`,
      `${map} does not list "${name}" (now ${JSON.stringify(r.current)} on the service), and a ` +
        `reconfigure resets every value it does not list: it becomes ${becomes}. To keep the current ` +
        `value, list it: "${name}" = ${JSON.stringify(r.current)}.`,
      r.path.length === 2 ? attrPath("parameters") : attrPath("submodules"),
    );
  });
  if (plan.possible.length > 0) warnings.push(possibleResetsWarning(plan.possible));
  return { effectiveParameters, submoduleDefaults: input.submoduleDefaults, warnings };
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

function mainDefaults(manifest: Manifest): Parameters {
  const { manifestDefaults } = manifestModule();
  return manifestDefaults(manifest);
}
