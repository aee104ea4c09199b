// What the review says about secret parameters: that they are sent (again), the version change and the
// names added or removed, never a value (the plan holds none: `secret_parameters` is write-only). The
// plan shows it from `secret_parameters_version` and `secret_parameter_names`.

type Obj = Record<string, unknown>;

const names = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((n): n is string => typeof n === "string") : [];
const version = (v: unknown) => (typeof v === "number" ? String(v) : "none");

/**
 * The review's sentences about secrets for one instance change (none when they are not sent): whether
 * a launch or reconfigure sends them, why, and which names are added or removed.
 */
export function secretsOf(before: Obj | undefined, after: Obj | undefined, afterUnknown: unknown): string[] {
  if (!after) return [];
  // the plan JSON leaves a value known only after apply out of `after` and flags it in after_unknown
  const unknown = (afterUnknown as Obj | undefined)?.secret_parameter_names === true;
  const now = unknown ? undefined : names(after.secret_parameter_names);
  const was = before ? (names(before.secret_parameter_names) ?? []) : [];
  if (!before) {
    if (now?.length === 0) return [];
    const listed = now ? `: ${now.join(", ")}` : " (names known after apply)";
    return [`secret parameters sent (version ${version(after.secret_parameters_version)})${listed}`];
  }
  const out: string[] = [];
  const from = version(before.secret_parameters_version);
  const to = version(after.secret_parameters_version);
  if (from !== to) out.push(`secret parameters sent again (version ${from} → ${to})`);
  if (now === undefined) out.push("secret parameter names known after apply");
  else {
    const added = now.filter((n) => !was.includes(n));
    const removed = was.filter((n) => !now.includes(n));
    if (added.length > 0) out.push(`secret parameters added: ${added.join(", ")}`);
    if (removed.length > 0) out.push(`secret parameters removed: ${removed.join(", ")}`);
  }
  return out;
}

/**
 * The secrets the service holds (the prior state's names) that a reconfigure no longer supplies: it resets
 * each to its default. A name now set in `parameters` (of its submodule, for `<path>/input.<name>`) is a
 * plain change the value rows show, not a reset.
 */
export function secretResetsOf(
  before: Obj | undefined,
  after: Obj | undefined,
  afterUnknown: unknown,
): string[] {
  if (!before || !after || (afterUnknown as Obj | undefined)?.secret_parameter_names === true) return [];
  const now = new Set(names(after.secret_parameter_names));
  return names(before.secret_parameter_names).filter((n) => !now.has(n) && !plainIn(after, n));
}

function plainIn(after: Obj, name: string): boolean {
  const slash = name.lastIndexOf("/");
  const subs = after.submodules as Record<string, Obj | null> | null | undefined;
  const params = (slash < 0 ? after.parameters : subs?.[name.slice(0, slash)]?.parameters) as
    Obj | null | undefined;
  return typeof params === "object" && params !== null && Object.hasOwn(params, name.slice(slash + 1));
}
