// Typed configuration values (`configuration(int)`, `configuration(list<string>)`, ...) as the specification's
// strings: the service takes parameter values as strings only, so a number is sent as its decimal text and a
// list or map as its JSON text. The plan names each encoding so nobody is surprised by the string sent.
import type { ValueEncoding } from "./types";

export interface EncodedValue {
  text: string;
  /** How a value that was not a string became `text`; absent for a string. */
  encoding?: ValueEncoding;
}

/** `value` (plain data read from YAML) as the string sent; undefined for null (no value). */
export function encodeValue(value: unknown): EncodedValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return { text: value };
  if (typeof value === "number" || typeof value === "bigint")
    return { text: String(value), encoding: "number" };
  if (typeof value === "boolean") return { text: String(value), encoding: "boolean" };
  if (Array.isArray(value)) return { text: JSON.stringify(value), encoding: "list" };
  if (value instanceof Date) return { text: value.toISOString(), encoding: "date" };
  return { text: JSON.stringify(value), encoding: "map" };
}

/** A sentence saying how a default became the string sent, e.g. `the list [80,443] is sent as the JSON text "[80,443]"`. */
export function describeEncoding(parameter: string, type: string | undefined, value: EncodedValue): string {
  const pin = type ? ` (configuration(${type}))` : "";
  const how =
    value.encoding === "list" || value.encoding === "map"
      ? `as the JSON text ${JSON.stringify(value.text)}`
      : `as the string ${JSON.stringify(value.text)}`;
  return `the ${value.encoding ?? "string"} default of ${parameter}${pin} is sent ${how}: the service takes parameter values as strings`;
}
