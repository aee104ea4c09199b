// The one "not known yet" marker (issue 40): terraform's "known after apply" at plan time, as the protocol
// decodes it and the review reads it from after_unknown, and a cdktf token at synth; and the one equality that
// honours it. A leaf module, so that the terraform model, the rules, the review and the constructs hold the same.

/** A value not known yet (msgpack extension 0 or 12, an after_unknown flag, an unresolved token). */
export class UnknownValue {
  /**
   * Makes the class nominal, so type guards on it do not also exclude plain objects; declared only, so the
   * marker has no keys (a map that is unknown lists none).
   */
  declare private readonly unknownBrand: true;
  toString(): string {
    return "(known after apply)";
  }
}
export const UNKNOWN = new UnknownValue();
export const isUnknown = (v: unknown): v is UnknownValue => v instanceof UnknownValue;

/** A value, or the marker while it is not known yet. */
export type Unsure<T> = T | UnknownValue;

/**
 * Deep equality of values (terraform's, or the rules' models): unknown equals nothing, not even another
 * unknown; null, undefined and a missing key are all "not set".
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isUnknown(a) || isUnknown(b)) return false;
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const at = (o: Record<string, unknown>, k: string) => (Object.hasOwn(o, k) ? o[k] : undefined);
  for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)]))
    if (!sameValue(at(ao, k), at(bo, k))) return false;
  return true;
}
