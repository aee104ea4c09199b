// How `appmgmt_instance` stores its effective values (schema version 1, issue 38): `effective_parameters` and each
// `effective_submodules[path].parameters` leave out the values the configuration sets to the same string
// (`parameters`, `submodules[path].parameters`), which a reconfigure lists and so never resets; what is left is
// what the service holds beyond the configuration (defaults, bound values, drift). terraform rewrites the whole
// state after every resource change, so these bytes cost its CPU once per instance per change. The provider
// (src/provider/instance/model.ts) and `appmgmt review` (the plan's JSON) read the stored maps through
// `wholeEffective`, so both see every value. In the rules, which both the provider and the review import.

/** The stored map: `effective` without the entries `configured` holds with the same string value. */
export function compactEffective<V>(
  effective: Record<string, V>,
  configured: Record<string, unknown> | null | undefined,
): Record<string, V> {
  const leftOut = (k: string, v: V) => configured && Object.hasOwn(configured, k) && configured[k] === v;
  return Object.fromEntries(
    Object.entries(effective).filter(([k, v]) => typeof v !== "string" || !leftOut(k, v)),
  );
}

/** The whole map from the stored one: every configured string value it leaves out, added back. */
export function wholeEffective<V>(
  stored: Record<string, V>,
  configured: Record<string, unknown> | null | undefined,
): Record<string, V | string> {
  const set = Object.entries(configured ?? {}).filter((e): e is [string, string] => typeof e[1] === "string");
  // Object.fromEntries keeps keys such as "__proto__" as own keys; a stored entry wins over a configured one
  return Object.fromEntries([...set, ...Object.entries(stored)]);
}
