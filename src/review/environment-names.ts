// Environments are shown by name (plan-values.ts `shown`); where two environments of the review share a
// name (clones named alike, or one name in two organizations), each is shown as `name (id)`.

import type { Shown, ValueChange } from "./types";

export function disambiguateEnvironments(rows: readonly ValueChange[]): void {
  const named = new Set(rows.flatMap((c) => [c.before, c.after]).filter(hasId));
  const ids = new Map<string, Set<string>>();
  for (const v of named) ids.set(v.value, (ids.get(v.value) ?? new Set()).add(v.id));
  for (const v of named) if (ids.get(v.value)!.size > 1) v.value = `${v.value} (${v.id})`;
}

const hasId = (v: Shown): v is Extract<Shown, { kind: "value" }> & { id: string } =>
  v.kind === "value" && v.id !== undefined;
