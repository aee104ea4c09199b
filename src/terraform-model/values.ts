// Terraform's values as the provider sees them: decoded, with terraform's "known after apply" kept as an
// explicit marker. The protocol layer's codecs (msgpack, JSON) read and write these; nothing here knows the
// wire.

import { isUnknown, type UnknownValue } from "../util/unknown";

// terraform's "known after apply" is the project's one unknown marker (src/util/unknown.ts)
export { UNKNOWN, UnknownValue, isUnknown, sameValue } from "../util/unknown";

/**
 * A number too large or too precise for a JS number is kept as its exact decimal text, so that a
 * value read from terraform is written back unchanged.
 */
export class BigNumberValue {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * A decoded terraform value. Objects and maps are plain objects (objects always carry every
 * attribute of their type, null when unset); lists, sets and tuples are arrays.
 */
export type Value =
  null | string | number | boolean | BigNumberValue | UnknownValue | Value[] | { [key: string]: Value };

export type ValueObject = { [key: string]: Value };

/** An object or map value that is known (set and not unknown), or null. */
export function asObject(v: Value | undefined): ValueObject | null {
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v) && !isUnknown(v)
    ? (v as ValueObject)
    : null;
}
