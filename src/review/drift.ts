// Drift (issue 28 item 1): what terraform's refresh found changed outside terraform (`resource_drift` of
// the plan JSON), named attribute by attribute, each marked when this plan's change sets it back. For an
// instance, a value the configuration manages shows at its configured path; one it does not manage, at its
// effective_parameters / effective_submodules path (what the service reports).

import { INSTANCE_TYPE } from "../provider/resource-types";
import type { PlanJson, ResourceChange } from "./plan-json";
import { asObj, attributeName, diffValues, keysUnion, sameShown, shown, type Obj } from "./plan-values";
import type { DriftReview, InstanceReview, Shown, ValueChange } from "./types";

export function reviewDrift(plan: PlanJson): DriftReview[] {
  const planned = new Map((plan.resource_changes ?? []).map((rc) => [rc.address, rc]));
  const out: DriftReview[] = [];
  for (const rc of plan.resource_drift ?? []) {
    if (rc.mode !== "managed") continue;
    const before = asObj(rc.change.before);
    const after = asObj(rc.change.after);
    const name = [after, before].map((v) => v?.instance_name).find((n) => typeof n === "string");
    const next = planned.get(rc.address);
    const label = { address: rc.address, ...(typeof name === "string" ? { instanceName: name } : {}) };
    if (!after) {
      const relaunched = next?.change.actions.includes("create") ?? false;
      out.push({ ...label, gone: true, revertedByPlan: relaunched, changes: [] });
      continue;
    }
    const reverts = rc.type === INSTANCE_TYPE ? revertedBy(next) : topLevelRevertedBy(next);
    const changes = (rc.type === INSTANCE_TYPE ? instanceDrift(rc) : topLevelDrift(rc)).map((c) => ({
      ...c,
      revertedByPlan: reverts(c),
    }));
    if (changes.length === 0) continue;
    out.push({ ...label, gone: false, revertedByPlan: changes.some((c) => c.revertedByPlan), changes });
  }
  return out;
}

/** The configured values that drifted, then the effective values that did not show there. */
function instanceDrift(rc: ResourceChange): ValueChange[] {
  const managed = diffValues(rc);
  const seen = new Set(managed.map((c) => c.attribute));
  const before = asObj(rc.change.before);
  const after = asObj(rc.change.after);
  const paths: string[][] = [["status"]];
  for (const k of keysUnion(before, after, ["effective_parameters"])) paths.push(["effective_parameters", k]);
  for (const sub of keysUnion(before, after, ["effective_submodules"]))
    for (const k of keysUnion(before, after, ["effective_submodules", sub, "parameters"]))
      paths.push(["effective_submodules", sub, "parameters", k]);
  const effective: ValueChange[] = [];
  for (const path of paths) {
    if (seen.has(configuredName(attributeName(path)))) continue;
    const b = shown(before, path, undefined, rc.change.before_sensitive);
    const a = shown(after, path, undefined, rc.change.after_sensitive);
    if (!sameShown(a, b)) effective.push({ attribute: attributeName(path), before: b, after: a });
  }
  return [...managed, ...effective];
}

/** Another resource type: its top-level attributes that differ. */
function topLevelDrift(rc: ResourceChange): ValueChange[] {
  const before = asObj(rc.change.before) ?? {};
  const after = asObj(rc.change.after) ?? {};
  return keysUnion({ v: before } as Obj, { v: after } as Obj, ["v"])
    .map((k) => ({
      attribute: k,
      before: shown(before, [k], undefined, rc.change.before_sensitive),
      after: shown(after, [k], undefined, rc.change.after_sensitive),
    }))
    .filter((c) => !sameShown(c.before, c.after));
}

/** `effective_parameters["x"]` → `parameters["x"]`: the configured path an effective value is set through. */
function configuredName(attribute: string): string {
  return attribute
    .replace(/^effective_submodules(\["[^"]*"\])\.parameters/, "submodules$1.parameters")
    .replace(/^effective_parameters/, "parameters");
}

/** Whether the planned change sets a drifted value back to what the state had before the drift. */
function revertedBy(next: ResourceChange | undefined): (c: ValueChange) => boolean {
  if (!next || !next.change.actions.includes("update")) return () => false;
  const planned = new Map(diffValues(next).map((c) => [c.attribute, c.after]));
  return (c) => {
    const after: Shown | undefined = planned.get(configuredName(c.attribute));
    return after !== undefined && sameShown(after, c.before);
  };
}

/**
 * Another resource type (an environment's properties, markers, policies): its drift is named by top-level
 * attribute, so the planned update reverts it when that attribute's planned value is the state's before the drift.
 */
function topLevelRevertedBy(next: ResourceChange | undefined): (c: ValueChange) => boolean {
  if (!next || !next.change.actions.includes("update")) return () => false;
  const { after, after_unknown, after_sensitive } = next.change;
  return (c) => sameShown(shown(asObj(after), [c.attribute], after_unknown, after_sensitive), c.before);
}

/** The attribute binding a submodule parameter in the planned configuration's manifest, if it is known. */
export type BinderOf = (address: string, submodule: string, parameter: string) => string | undefined;

/**
 * Marks what the plan does to each drifted value besides reverting it: the planned reconfigure resets what it
 * does not list (a value reset to the default it had in the state is reverted too), the configuration may set it
 * to another value, and a bound submodule value follows the parameter binding it. None of these is "kept".
 */
export function markResets(drift: DriftReview[], instances: InstanceReview[], binderOf: BinderOf): void {
  for (const d of drift) {
    const i = instances.find((x) => x.address === d.address);
    if (!i) continue;
    const resetOf = (name: string) => i.resets.find((r) => r.attribute === name);
    const changed = (name: string) => i.changes.some((c) => c.attribute === name);
    for (const c of d.changes) {
      const name = configuredName(c.attribute);
      const reset = resetOf(name);
      if (reset) {
        c.resetByPlan = "certain";
        if (reset.default !== undefined && sameShown({ kind: "value", value: reset.default }, c.before))
          c.revertedByPlan = true;
      } else if (i.possibleResets.some((r) => r.attribute === name)) c.resetByPlan = "possible";
      else if (!c.revertedByPlan && changed(name)) c.changedByPlan = true;
      else {
        const bound = /^submodules\["(.*)"\]\.parameters\["(.*)"\]$/.exec(name);
        const binder = bound ? binderOf(d.address, bound[1], bound[2]) : undefined;
        if (binder && resetOf(binder)) c.follows = { attribute: binder, by: "reset" };
        else if (binder && changed(binder)) c.follows = { attribute: binder, by: "change" };
      }
    }
    d.revertedByPlan ||= d.changes.some((c) => c.revertedByPlan);
  }
}
