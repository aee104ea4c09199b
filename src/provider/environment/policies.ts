// Policies YAML compared by meaning: a reformatted document (quotes, indentation, key order, comments) is the
// same policies, so neither a plan nor a refresh shows it as a change, and no import is sent for it.
// The YAML library loads on first use, not at the provider's start-up (as the manifest parser does,
// instance/manifest-module.ts): only a configuration with policies needs it.

import { isDeepStrictEqual } from "node:util";

let yaml: typeof import("yaml") | undefined;
const parseYaml = (text: string): unknown => (yaml ??= require("yaml") as typeof import("yaml")).parse(text);

/** The document's value, or undefined when it is no YAML mapping (validate reports that). */
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

/** Whether two policy documents mean the same (key order does not count; list order does). */
export function samePolicies(a: string, b: string): boolean {
  if (a === b) return true;
  const da = policiesDocument(a);
  const db = policiesDocument(b);
  return da !== undefined && db !== undefined && isDeepStrictEqual(da, db);
}
