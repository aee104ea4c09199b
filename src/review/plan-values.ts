// Reading values out of a plan's resource change: terraform's masks (after_unknown, *_sensitive), values
// as the review shows them, and attribute paths in terraform's notation.

import { setOwn } from "../util/own";
import { naturalCompare } from "../rules";
import type { ResourceChange } from "./plan-json";
import type { Shown, ValueChange } from "./types";

export type Obj = Record<string, unknown>;

const TOP_ATTRIBUTES = [
  "application_id",
  "instance_name",
  "environment_id",
  "revision_id",
  "manifest_version",
] as const;
const SUBMODULE_ATTRIBUTES = ["revision_id", "manifest_version"] as const;
/** Attributes whose next step is a map key. */
const MAPS: (string | number)[] = [
  "parameters",
  "submodules",
  "effective_parameters",
  "effective_submodules",
];
/** Terraform-side settings, shown by size: the review is about the instance. */
const SUMMARISED = ["manifest", "timeouts"];

export function asObj(v: unknown): Obj | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

/** The string entries of a map value (others left out). */
export function strings(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(asObj(v) ?? {})) if (typeof x === "string") setOwn(out, k, x);
  return out;
}

/** The mask (after_unknown, *_sensitive) entry at a path: true at the path or above means "flagged". */
export function flagged(mask: unknown, path: string[]): boolean {
  let m = mask;
  for (const step of path) {
    if (m === true) return true;
    const o = asObj(m);
    if (!o) return false;
    m = o[step];
  }
  return m === true;
}

export function valueAt(root: Obj | undefined, path: string[]): unknown {
  let v: unknown = root;
  for (const step of path) v = asObj(v)?.[step];
  return v;
}

/** A plan path (["submodules", "db", "revision_id"]) in terraform's notation: submodules["db"].revision_id. */
export function attributeName(path: (string | number)[]): string {
  let out = "";
  let keyNext = false;
  for (const step of path) {
    if (typeof step === "number") out += `[${step}]`;
    else if (keyNext) out += `["${step}"]`;
    else out += out === "" ? step : `.${step}`;
    keyNext = !keyNext && MAPS.includes(step);
  }
  return out;
}

export function shown(
  root: Obj | undefined,
  path: string[],
  unknownMask: unknown,
  sensitiveMask: unknown,
): Shown {
  if (flagged(sensitiveMask, path)) return { kind: "sensitive" };
  if (flagged(unknownMask, path)) return { kind: "unknown" };
  const v = valueAt(root, path);
  if (v === undefined || v === null) return { kind: "absent" };
  // an environment by its name, where the plan knows it (environment_name, planned by the provider)
  const name = root?.environment_name;
  if (path.length === 1 && path[0] === "environment_id" && typeof v === "string" && typeof name === "string")
    return { kind: "value", value: name, id: v };
  return { kind: "value", value: typeof v === "string" ? v : JSON.stringify(v) };
}

export function sameShown(a: Shown, b: Shown): boolean {
  if (a.kind !== "value" || b.kind !== "value") return a.kind === b.kind;
  // an environment is the same by id, whatever name either side knows it by
  return (a.id ?? a.value) === (b.id ?? b.value);
}

/** Every reviewed attribute whose shown value differs, in a fixed order: top level, parameters, submodules. */
export function diffValues(rc: ResourceChange): ValueChange[] {
  const c = rc.change;
  const before = asObj(c.before);
  const after = asObj(c.after);
  const paths: string[][] = TOP_ATTRIBUTES.map((a) => [a]);
  for (const name of keysUnion(before, after, ["parameters"])) paths.push(["parameters", name]);
  for (const sub of keysUnion(before, after, ["submodules"])) {
    for (const a of SUBMODULE_ATTRIBUTES) paths.push(["submodules", sub, a]);
    for (const name of keysUnion(before, after, ["submodules", sub, "parameters"]))
      paths.push(["submodules", sub, "parameters", name]);
  }
  const out: ValueChange[] = [];
  for (const path of paths) {
    const b: Shown = before ? shown(before, path, undefined, c.before_sensitive) : { kind: "absent" };
    const a: Shown = after ? shown(after, path, c.after_unknown, c.after_sensitive) : { kind: "absent" };
    if (!sameShown(a, b)) out.push({ attribute: attributeName(path), before: b, after: a });
  }
  for (const name of SUMMARISED) {
    const b = JSON.stringify(before?.[name] ?? null);
    const a = JSON.stringify(after?.[name] ?? null);
    if (before && after && a !== b) {
      out.push({ attribute: name, before: summarised(before[name]), after: summarised(after[name]) });
    }
  }
  return out;
}

/** Manifest text and timeouts are shown by size, not in full. */
function summarised(v: unknown): Shown {
  if (v === undefined || v === null) return { kind: "absent" };
  if (typeof v === "string") {
    const lines = v.split("\n").filter((l) => l !== "").length;
    return { kind: "value", value: `(text, ${lines} line${lines === 1 ? "" : "s"})` };
  }
  return { kind: "value", value: JSON.stringify(v) };
}

export function keysUnion(a: Obj | undefined, b: Obj | undefined, path: string[]): string[] {
  const keys = new Set([
    ...Object.keys(asObj(valueAt(a, path)) ?? {}),
    ...Object.keys(asObj(valueAt(b, path)) ?? {}),
  ]);
  return [...keys].sort(naturalCompare);
}
