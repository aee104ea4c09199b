// The submodule values whose outcome the provider knows (issue 39 item 1): the values its private state records
// at their defaults, which a reconfigure keeping their manifest version resets to those same defaults. The
// private state is not in the plan JSON; the provider plans those values, and only those, in the planned
// effective_submodules (src/provider/instance/submodule-defaults.ts), so the review reads them there and asks
// the rules with them, as the provider did.

import { setOwn } from "../util/own";
import type { DesiredInstance, SubmoduleDefaults } from "../rules";
import { isUnknown } from "../util/unknown";
import { asObj, flagged, type Obj } from "./plan-values";

/** The known planned values of the submodule parameters the configuration does not list, by path key. */
export function plannedDefaults(
  after: Obj,
  afterUnknown: unknown,
  desired: DesiredInstance,
): Record<string, SubmoduleDefaults> | undefined {
  if (flagged(afterUnknown, ["effective_submodules"])) return undefined;
  const wanted = isUnknown(desired.submodules) ? undefined : desired.submodules;
  const out: Record<string, SubmoduleDefaults> = {};
  for (const [key, sub] of Object.entries(asObj(after.effective_submodules) ?? {})) {
    const entry = wanted !== undefined && Object.hasOwn(wanted, key) ? wanted[key] : undefined;
    const listed = isUnknown(entry) ? undefined : entry?.parameters;
    if (isUnknown(listed)) continue;
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(asObj(asObj(sub)?.parameters) ?? {})) {
      if (typeof v !== "string" || flagged(afterUnknown, ["effective_submodules", key, "parameters", name]))
        continue;
      if (listed === undefined || !Object.hasOwn(listed, name)) setOwn(values, name, v);
    }
    if (Object.keys(values).length > 0) setOwn(out, key, { values });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
