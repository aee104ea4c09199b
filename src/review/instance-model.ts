// A planned appmgmt_instance change read through the rules' one adapter (src/rules/inputs.ts), as the
// provider reads terraform's values: `after` with after_unknown as the unknown marker, `before` as the prior
// state. The review then asks the rules the provider's own questions: does the change reach the service, what
// does it reset, which binding rules does it break.

import {
  SCHEMA_NAMES,
  checkInstanceConfig,
  formatFinding,
  instanceChange,
  instanceInputs,
  manifestOf,
  rulesConfig,
  secretOf,
  type InstanceChange,
  type ServiceChange,
} from "../rules";
import { isUnknown } from "../util/unknown";
import { attributeName, flagged, type Obj } from "./plan-values";
import type { ResourceChange } from "./plan-json";
import { plannedDefaults } from "./planned-defaults";
import type { PossibleResetReview, ResetReview, Shown } from "./types";

/** The change a plan's resource change asks for (`after`), from what the state says (`before`, none on a create). */
export function changeOf(rc: ResourceChange, before: Obj | undefined, after: Obj): InstanceChange {
  const mask = rc.change.after_unknown;
  const asked = instanceInputs(after, (path) => flagged(mask, [...path]));
  const now = before && instanceInputs(before, () => false);
  return instanceChange(asked, now, now && plannedDefaults(after, mask, asked.desired));
}

/** The values the reconfigure resets, and those it may reset, as the plan's warnings name them. */
export function resetsOf(
  rc: ResourceChange,
  change: ServiceChange,
): { resets: ResetReview[]; possibleResets: PossibleResetReview[] } {
  if (!change.reachesService) return { resets: [], possibleResets: [] };
  const sensitive = rc.change.before_sensitive;
  const currentOf = (path: string[], value: string): Shown =>
    flagged(sensitive, path) ||
    (path[0] === "parameters" && flagged(sensitive, ["effective_parameters", path[1]])) ||
    (path[0] === "submodules" && flagged(sensitive, ["effective_submodules", path[1], ...path.slice(2)]))
      ? { kind: "sensitive" }
      : { kind: "value", value };
  return {
    resets: change.resets.resets.map((r) => ({
      attribute: attributeName(r.path),
      current: currentOf(r.path.map(String), r.current),
      ...(r.default !== undefined ? { default: r.default } : {}),
    })),
    possibleResets: change.resets.possible.map((p) => ({
      attribute: attributeName(p.path),
      current: currentOf(p.path.map(String), p.current),
      because: p.because,
      ...(p.mayFollow ? { mayFollow: p.mayFollow } : {}),
    })),
  };
}

/** Binding-rule findings of the planned values, named as the schema names them (unknown values are not judged). */
export function findingsOf(change: InstanceChange, operation: "launch" | "reconfigure"): string[] {
  const m = change.desired.manifest;
  if (m === undefined || isUnknown(m)) return [];
  if ("error" in m) return [`manifest: ${m.error}`];
  return checkInstanceConfig(manifestOf(change.desired)!, rulesConfig(change.desired), {
    operation,
    names: SCHEMA_NAMES,
    isSecret: secretOf(change),
  }).map(formatFinding);
}
