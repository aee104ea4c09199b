// Reading terraform values (src/terraform-model/values.ts, whose `asObject` narrows one to a known object) into
// plain TypeScript, keeping "unknown" distinct from "unset" so plan-time checks can skip what terraform does not
// know yet.

import { setOwn } from "../util/own";
import { asObject, type AttributePath, isUnknown, type Value, type ValueObject } from "../terraform-model";

/** A known string, or undefined when null, unset or unknown. */
export function knownString(obj: ValueObject | null, name: string): string | undefined {
  const v = obj?.[name];
  return typeof v === "string" ? v : undefined;
}

/** A known number, or undefined when null, unset or unknown. */
export function knownNumber(obj: ValueObject | null, name: string): number | undefined {
  const v = obj?.[name];
  return typeof v === "number" ? v : undefined;
}

/** A map(string) whose entries are all known, or undefined when null, unknown or holding unknowns. */
export function knownStringMap(obj: ValueObject | null, name: string): Record<string, string> | undefined {
  const m = asObject(obj?.[name]);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) {
    if (typeof v !== "string") return undefined;
    out[k] = v;
  }
  return out;
}

/** The entries of a map value as plain key/value pairs (unknown or null map: none). */
export function mapEntries(obj: ValueObject | null, name: string): [string, Value][] {
  const m = asObject(obj?.[name]);
  return m ? Object.entries(m) : [];
}

/** Builds a map value from a record; entries keep insertion order. */
export function stringMap(record: Record<string, string>): ValueObject {
  const out: ValueObject = {};
  for (const [k, v] of Object.entries(record)) setOwn(out, k, v);
  return out;
}

/** Workflow return values as map(string): non-string values JSON-encoded. */
export function returnValueMap(values: Record<string, unknown> | undefined): ValueObject {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values ?? {}))
    setOwn(out, k, typeof v === "string" ? v : JSON.stringify(v));
  return stringMap(out);
}

/** A path into the resource: string steps name attributes, `{ key }` steps index maps. */
export function attrPath(...steps: (string | { key: string })[]): AttributePath {
  return steps.map((s) => (typeof s === "string" ? { attr: s } : s));
}

/**
 * The part of a path terraform can show against the configuration: it finds top-level attributes and one
 * map key or index after them, but not attributes inside nested attributes (it would look the inner name up
 * at the top level and point at the wrong line). Details name the full path instead.
 */
export function renderablePath(path: AttributePath): AttributePath {
  return path.length > 1 && !("attr" in path[1]) ? path.slice(0, 2) : path.slice(0, 1);
}

/** The value with every unknown (at any depth) null: a state terraform accepts after a failed apply. */
export function unknownsAsNull(v: Value): Value {
  if (isUnknown(v)) return null;
  if (Array.isArray(v)) return v.map(unknownsAsNull);
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    const out: ValueObject = {};
    for (const [k, x] of Object.entries(v as ValueObject)) setOwn(out, k, unknownsAsNull(x));
    return out;
  }
  return v;
}
