// The review as plain text for a terminal, coloured (ANSI) when asked: green launch, yellow reconfigure,
// red replace and destroy, as terraform colours its own plan.

import type { InstanceReview, Kind, Review } from "./review";
import { notListedLine, resetTarget, shownText, summaryLine } from "./summary";

const COLOURS: Record<Kind, string> = {
  launch: "32",
  reconfigure: "33",
  replace: "31",
  destroy: "31",
  import: "36",
  move: "36",
  forget: "35",
  settings: "36",
};

export function renderText(review: Review, opts: { colour?: boolean } = {}): string {
  const paint = (sgr: string, s: string) => (opts.colour ? `\x1b[${sgr}m${s}\x1b[0m` : s);
  const out = [paint("1", summaryLine(review))];
  const notListed = notListedLine(review);
  if (notListed) out.push(notListed);
  for (const c of review.otherChanges) out.push(`  other: ${c}`);
  for (const r of review.instances) out.push("", ...instance(r, paint));
  return out.join("\n") + "\n";
}

function instance(r: InstanceReview, paint: (sgr: string, s: string) => string): string[] {
  const lines = [`${paint(COLOURS[r.kind], `${r.address}: ${r.action}`)}`];
  if (r.importId !== undefined) lines.push(`  imported id: ${r.importId}`);
  lines.push(`  workflow: ${r.workflow}`);
  const rows = r.changes.map((c) => [c.attribute, shownText(c.before), shownText(c.after)]);
  lines.push(...columns(rows).map((l) => `  ${l}`));
  if (r.resets.length > 0) {
    lines.push(paint("33", "  reset to defaults (not listed in the configuration):"));
    const resets = r.resets.map((x) => [
      x.attribute,
      shownText(x.current),
      resetTarget(x.default, x.attribute),
    ]);
    lines.push(...columns(resets).map((l) => `    ${l}`));
  }
  for (const f of r.findings) lines.push(paint("31", `  finding: ${f}`));
  return lines;
}

/** `name  before → after`, the first two columns padded so the arrows line up. */
function columns(rows: string[][]): string[] {
  const w0 = Math.max(0, ...rows.map((r) => r[0].length));
  const w1 = Math.max(0, ...rows.map((r) => r[1].length));
  return rows.map((r) => `${r[0].padEnd(w0)}  ${r[1].padEnd(w1)} → ${r[2]}`);
}
