// What the plan and `appmgmt review` said the service will hold after the apply, value by value, and the
// comparison with what it holds. A value the plan does not mention is said to stay as it is; the plan's
// `effective_parameters` (when known), the review's changes, resets and possible resets, and secrets sent say
// otherwise; a bound submodule value follows its binder (the binding rule, from the manifest the plan holds).
import type { InstanceStatus } from "../../src/client";
import type { PlanChange } from "../../src/review/plan-json";
import type { InstanceReview } from "../../src/review/types";
import type { Case, InstanceConfig } from "./estate";

/** Every value an instance holds: `path|parameter` ("" the main level, "db", "db/replica") → value. */
export interface Snapshot {
  version: number;
  values: Record<string, string>;
}

export const valueKey = (path: string, parameter: string) => `${path}|${parameter}`;

export function snapshotOf(status: InstanceStatus): Snapshot {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(status.parameters)) values[valueKey("", k)] = v;
  for (const [path, sub] of Object.entries(status.submodules))
    for (const [k, v] of Object.entries(sub.parameters ?? {})) values[valueKey(path, k)] = v;
  return { version: status.version, values };
}

/** One value's forecast: one of `values` (null: absent), and who said so. */
interface Forecast {
  values: (string | null)[];
  why: string;
}

const ATTRIBUTE = /^(?:submodules\["([^"]+)"\]\.)?parameters\["([^"]+)"\]$/;

function keyOf(attribute: string): string | undefined {
  const m = ATTRIBUTE.exec(attribute);
  return m ? valueKey(m[1] ?? "", m[2]) : undefined;
}

/** The forecast of every value of case `c` after the apply (`refused`: the plan refused it, nothing changes). */
export function forecast(
  c: Case,
  before: Snapshot,
  config: InstanceConfig,
  plan: PlanChange | undefined,
  review: InstanceReview | undefined,
): { version: Forecast; values: Map<string, Forecast> } {
  const out = new Map<string, Forecast>();
  for (const [k, v] of Object.entries(before.values))
    out.set(k, { values: [v], why: "kept (the plan does not change it)" });
  let version: Forecast = { values: [String(before.version)], why: "kept" };
  if (!plan || !review) return { version, values: out };

  const planned = (plan.after ?? {}) as Record<string, unknown>;
  const unknown = (plan.after_unknown ?? {}) as Record<string, unknown>;
  const plannedVersion = planned.manifest_version;
  if (typeof plannedVersion === "number")
    version = { values: [String(plannedVersion)], why: "planned manifest_version" };
  const effective = planned.effective_parameters as Record<string, string> | null | undefined;
  if (effective && !unknown.effective_parameters) {
    for (const p of c.levels[0].pins.filter((x) => !x.secret)) {
      const name = `input.${p.name}`;
      out.set(valueKey("", name), { values: [effective[name] ?? null], why: "planned effective_parameters" });
    }
  }
  for (const change of review.changes) {
    const key = keyOf(change.attribute);
    if (key && change.after.kind === "value")
      out.set(key, {
        values: [change.after.value],
        why: `review: ${change.attribute} → ${change.after.value}`,
      });
  }
  for (const reset of review.resets) {
    const key = keyOf(reset.attribute);
    if (key)
      out.set(key, {
        values: [reset.default ?? null],
        why: `review: ${reset.attribute} reset to its default`,
      });
  }
  for (const possible of review.possibleResets) {
    const key = keyOf(possible.attribute);
    if (key) {
      const [path, parameter] = key.split("|");
      out.set(key, {
        values: [before.values[key] ?? null, defaultOf(c, path, parameter, config.manifestVersion)],
        why: `review: ${possible.attribute} may be reset (${possible.because})`,
      });
    }
  }
  // Secrets: the configured value when the plan sends them (the review says so), else kept.
  if (review.secrets.length > 0)
    for (const [name, value] of Object.entries(config.secrets))
      out.set(valueKey("", name), { values: [value], why: `review: ${review.secrets.join("; ")}` });
  // Bound values follow their binder, level by level downwards.
  for (let level = 1; level < c.levels.length; level++) {
    const parent = c.levels[level - 1];
    for (const p of parent.pins.filter((x) => x.bindTo)) {
      const binder = out.get(valueKey(parent.key, `input.${p.name}`));
      if (binder)
        out.set(valueKey(c.levels[level].key, `input.${p.bindTo}`), {
          values: binder.values,
          why: `follows ${parent.key || "the main"} parameter input.${p.name} (${binder.why})`,
        });
    }
  }
  return { version, values: out };
}

function defaultOf(c: Case, path: string, parameter: string, version: 1 | 2): string | null {
  const level = c.levels.find((l) => l.key === path);
  const pin = level?.pins.find((p) => `input.${p.name}` === parameter);
  return pin ? pin.defaults[path === "" ? version - 1 : 0] : null;
}

/** The values that differ from the forecast, in words (empty: the plan was an exact forecast). */
export function mismatches(
  expected: ReturnType<typeof forecast>,
  after: Snapshot,
  /** How a secret's value is named (never the value itself); undefined for other values. */
  secretLabel: (key: string, value: string) => string | undefined,
): string[] {
  const out: string[] = [];
  const shown = (key: string, v: string | null) =>
    v === null ? "absent" : (secretLabel(key, v) ?? JSON.stringify(v));
  if (!expected.version.values.includes(String(after.version)))
    out.push(
      `manifest version ${after.version}, forecast ${expected.version.values.join(" or ")} (${expected.version.why})`,
    );
  const keys = new Set([...expected.values.keys(), ...Object.keys(after.values)]);
  for (const key of [...keys].sort()) {
    const actual = after.values[key] ?? null;
    const f = expected.values.get(key) ?? {
      values: [null],
      why: "not in the service before, nor in the plan",
    };
    if (!f.values.includes(actual))
      out.push(
        `${key.startsWith("|") ? "parameters" : `submodules["${key.split("|")[0]}"].parameters`}["${key.split("|")[1]}"]: ` +
          `the service holds ${shown(key, actual)}, the forecast was ` +
          `${f.values.map((v) => shown(key, v)).join(" or ")} (${f.why})`,
      );
  }
  return out;
}

/** The review of an instance the plan leaves alone (the review lists no section for it): nothing said. */
export function unchangedReview(address: string): InstanceReview {
  return {
    address,
    kind: "settings",
    action: "no change",
    replacedBecause: [],
    changes: [],
    resets: [],
    possibleResets: [],
    findings: [],
    secrets: [],
    secretResets: [],
    workflow: "",
  };
}
