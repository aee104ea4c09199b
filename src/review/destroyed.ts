// What a destroyed instance runs, from the plan's prior state (`before`): its application, name,
// environment (by name), revision, manifest version, the actual values of its parameters and of its
// submodules' (effective_parameters, effective_submodules: what the service reports, defaults included), and
// the names of its secret parameters (the state holds no secret value). The reviewer sees what goes away.

import type { ResourceChange } from "./plan-json";
import { naturalCompare } from "../rules";
import { asObj, attributeName, keysUnion, shown, valueAt } from "./plan-values";
import type { ValueChange } from "./types";

const TOP = ["application_id", "instance_name", "environment_id", "revision_id", "manifest_version"];

export function destroyedValues(rc: ResourceChange): ValueChange[] {
  const before = asObj(rc.change.before);
  if (!before) return [];
  const rows: { attribute: string; path: string[] }[] = TOP.map((a) => ({ attribute: a, path: [a] }));
  const values = (shownAt: string[], configuredAt: string[]) => {
    // a state written before the effective values: the configured ones
    const at = asObj(valueAt(before, shownAt)) ? shownAt : configuredAt;
    for (const k of keysUnion(before, undefined, at))
      rows.push({ attribute: attributeName([...configuredAt, k]), path: [...at, k] });
  };
  values(["effective_parameters"], ["parameters"]);
  const subs = new Set([
    ...keysUnion(before, undefined, ["submodules"]),
    ...keysUnion(before, undefined, ["effective_submodules"]),
  ]);
  for (const sub of [...subs].sort(naturalCompare)) {
    for (const a of ["revision_id", "manifest_version"])
      rows.push({ attribute: attributeName(["submodules", sub, a]), path: ["submodules", sub, a] });
    values(["effective_submodules", sub, "parameters"], ["submodules", sub, "parameters"]);
  }
  const out: ValueChange[] = rows
    .map(({ attribute, path }) => ({
      attribute,
      before: shown(before, path, undefined, rc.change.before_sensitive),
      after: { kind: "absent" as const },
    }))
    .filter((c) => c.before.kind !== "absent");
  const secrets = before.secret_parameter_names;
  if (Array.isArray(secrets) && secrets.length > 0)
    out.push({
      attribute: "secret_parameter_names",
      before: { kind: "value", value: secrets.join(", ") },
      after: { kind: "absent" },
    });
  return out;
}
