// What an environment's settings may be, checked before anything is sent: marker and property names (ours:
// the evidence only shows names like `sandbox`, `db-host`), property types and the policies' YAML. The simulator enforces
// the names, the provider checks all three at plan and the constructs at synth
// (docs/service-api.md, "Environments"). The YAML library loads on first use, not at the provider's start-up
// (as the manifest parser does, rules/manifest-module.ts): only a configuration with policies
// needs it.

import { isDeepStrictEqual } from "node:util";

/** A marker or property name: a letter or digit first, then letters, digits, `.`, `_` or `-`; 1 to 64 characters. */
export const ENVIRONMENT_NAME_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why `name` cannot be a marker's or property's name (`what`: "marker", "property"), or undefined. */
export function environmentNameProblem(what: "marker" | "property", name: string): string | undefined {
  if (ENVIRONMENT_NAME_PART.test(name)) return undefined;
  return (
    `${what} name ${JSON.stringify(name)} is not valid: use 1 to 64 letters, digits, ".", "_" or "-", ` +
    "starting with a letter or digit"
  );
}

/**
 * Why `type` cannot be listed as a property's type, or undefined. A property left out of the types is a
 * string, so "string" is never listed (nor an empty type).
 */
export function propertyTypeProblem(type: string): string | undefined {
  if (type === "string") return 'the type "string" is the default, which is never listed';
  if (type.trim() === "") return `the type ${JSON.stringify(type)} is empty`;
  return undefined;
}

/** What to write instead of a type propertyTypeProblem refuses. */
export const PROPERTY_TYPE_FIX =
  'list only the types other than "string" (for example "int" or "bool"), and remove the entry of a string property';

let yaml: typeof import("yaml") | undefined;
const parseYaml = (text: string): unknown => (yaml ??= require("yaml") as typeof import("yaml")).parse(text);

/** The document's value, or undefined when it is no YAML mapping (policiesProblem says why). */
export function policiesDocument(text: string): Record<string, unknown> | undefined {
  try {
    const doc: unknown = parseYaml(text);
    return doc !== null && typeof doc === "object" && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Why `text` cannot be imported as policies, or undefined. */
export function policiesProblem(text: string): string | undefined {
  try {
    const doc: unknown = parseYaml(text);
    if (doc !== null && typeof doc === "object" && !Array.isArray(doc)) return undefined;
    return "the document is not a YAML mapping; write `policies:` and the list of policies under it";
  } catch (e) {
    return `the YAML does not parse: ${(e as Error).message.split("\n")[0]}`;
  }
}

/**
 * Whether two policy documents mean the same (key order, quotes, indentation and comments do not count; list
 * order does): a reformatted file is no change.
 */
export function samePolicies(a: string, b: string): boolean {
  if (a === b) return true;
  const da = policiesDocument(a);
  const db = policiesDocument(b);
  return da !== undefined && db !== undefined && isDeepStrictEqual(da, db);
}
