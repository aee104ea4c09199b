// How `appmgmt_instance` stores its effective values (schema version 1, issue 38): `effective_parameters` and each
// `effective_submodules[path].parameters` leave out the values the configuration sets to the same string
// (`parameters`, `submodules[path].parameters`), which a reconfigure lists and so never resets; what is left is
// what the service holds beyond the configuration (defaults, bound values, drift). terraform rewrites the whole
// state after every resource change, so these bytes cost its CPU once per instance per change. The provider
// (src/provider/instance/model.ts) and `appmgmt review` (the plan's JSON) read the stored maps through
// `wholeEffective`, so both see every value. In the rules, which both the provider and the review import.
// Loops, not Object.fromEntries of entries: these run for every instance a plan decodes and encodes
// (ARCHITECTURE.md §8, Measured costs behind the code).

import { setOwn } from "../util/own";

/** The stored map: `effective` without the entries `configured` holds with the same string value. */
export function compactEffective<V>(
  effective: Record<string, V>,
  configured: Record<string, unknown> | null | undefined,
): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k of Object.keys(effective)) {
    const v = effective[k];
    const leftOut =
      typeof v === "string" && configured && Object.hasOwn(configured, k) && configured[k] === v;
    if (!leftOut) setOwn(out, k, v);
  }
  return out;
}

/** The whole map from the stored one: every configured string value it leaves out, added back. */
export function wholeEffective<V>(
  stored: Record<string, V>,
  configured: Record<string, unknown> | null | undefined,
): Record<string, V | string> {
  // configured values first (the order the state's keys had), a stored entry winning over a configured one
  const out: Record<string, V | string> = {};
  for (const k of Object.keys(configured ?? {})) {
    const v = configured![k];
    if (typeof v === "string") setOwn(out, k, v);
  }
  for (const k of Object.keys(stored)) setOwn(out, k, stored[k]);
  return out;
}
