// The one read of an `appmgmt_instance`'s submodule effective values from a plan's JSON: the state stores each
// without what the configuration sets (src/rules/effective.ts, issue 38), so each is made whole here, once, as
// the plan is read; everything after reads `effective_submodules` whole.

import { wholeEffective } from "../rules/effective";
import { INSTANCE_TYPE } from "../provider/resource-types";
import type { PlanJson, ResourceChange } from "./plan-json";
import { asObj, type Obj } from "./plan-values";

/** effective_submodules whole: each submodule's stored map and its configured `parameters`. */
export function effectiveSubmodulesOf(values: Obj): Obj | undefined {
  const stored = asObj(values.effective_submodules);
  if (!stored) return undefined;
  const configured = asObj(values.submodules);
  const out: Obj = {};
  for (const [key, entry] of Object.entries(stored)) {
    const parameters = asObj(asObj(entry)?.parameters);
    const asked = asObj(asObj(configured?.[key])?.parameters);
    out[key] = parameters ? { ...asObj(entry), parameters: wholeEffective(parameters, asked) } : entry;
  }
  return out;
}

/** The plan with every instance's before and after (changes and drift) holding its effective values whole. */
export function withWholeEffectiveValues(plan: PlanJson): PlanJson {
  const whole = (rc: ResourceChange): ResourceChange => {
    if (rc.type !== INSTANCE_TYPE || !asObj(rc.change)) return rc;
    const side = (v: unknown) => {
      const values = asObj(v);
      if (!values) return v;
      const submodules = effectiveSubmodulesOf(values);
      return submodules ? { ...values, effective_submodules: submodules } : values;
    };
    return { ...rc, change: { ...rc.change, before: side(rc.change.before), after: side(rc.change.after) } };
  };
  return {
    ...plan,
    ...(plan.resource_changes && { resource_changes: plan.resource_changes.map(whole) }),
    ...(plan.resource_drift && { resource_drift: plan.resource_drift.map(whole) }),
  };
}
