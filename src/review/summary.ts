// Words shared by the renderers: the summary line, terraform's placeholders, the note about what is left out.

import type { Review, Shown } from "./review";

/** `2 to launch, 1 to reconfigure (3 values reset to defaults), 1 to replace, 0 to destroy[, 1 to import…]`. */
export function summaryLine(review: Review): string {
  const s = review.summary;
  const resets = s.resets === 1 ? "1 value reset to its default" : `${s.resets} values reset to defaults`;
  const parts = [
    `${s.launch} to launch`,
    `${s.reconfigure} to reconfigure (${resets})`,
    `${s.replace} to replace`,
    `${s.destroy} to destroy`,
  ];
  for (const k of ["import", "move", "forget"] as const) if (s[k] > 0) parts.push(`${s[k]} to ${k}`);
  if (s.settings > 0) parts.push(`${s.settings} with terraform-only changes`);
  return parts.join(", ");
}

/** Data-source reads, unchanged instances and other resources: counted, not listed. */
export function notListedLine(review: Review): string | undefined {
  const s = review.summary;
  const parts: string[] = [];
  if (s.unchanged > 0) parts.push(`${s.unchanged} unchanged`);
  if (s.dataSourcesRead > 0)
    parts.push(`${s.dataSourcesRead} data source${s.dataSourcesRead === 1 ? "" : "s"} read`);
  if (s.otherChanges > 0)
    parts.push(`${s.otherChanges} other resource change${s.otherChanges === 1 ? "" : "s"}`);
  return parts.length > 0 ? `Not listed: ${parts.join(", ")}.` : undefined;
}

/** A value as terraform's plan output shows it. */
export function shownText(v: Shown): string {
  switch (v.kind) {
    case "value":
      return v.value;
    case "absent":
      return "(none)";
    case "unknown":
      return "(known after apply)";
    case "sensitive":
      return "(sensitive value)";
  }
}

export function resetTarget(d: string | undefined, attribute: string): string {
  if (d !== undefined) return d;
  return attribute.startsWith("submodules")
    ? "(the submodule's default)"
    : "(the revision's value, else the default)";
}
