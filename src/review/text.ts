// The review as plain text for a terminal, coloured (ANSI) when asked: green launch, yellow reconfigure,
// red replace and destroy, as terraform colours its own plan. Instances changing in the same way share one
// entry (groups.ts), named by instance_name and address.

import { groupInstances, identityRow, instanceLabel, type InstanceGroup } from "./groups";
import { violationLine } from "./policy";
import type { Kind, Review } from "./review";
import * as summary from "./summary";

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
  const out = [paint("1", summary.summaryLine(review))];
  const notListed = summary.notListedLine(review);
  if (notListed) out.push(notListed);
  if (review.policy) {
    const { failOn, violations } = review.policy;
    const asked = `--fail-on ${failOn.join(",")}`;
    if (violations.length === 0) out.push(`${asked}: passed`);
    else
      out.push(
        paint("31", `${asked}: ${violations.length} violation(s)`),
        ...violations.map((v) => `  ${violationLine(v)}`),
      );
  }
  // each kind under its heading, as in the Markdown: a forgotten application is not one more violation
  const section = (heading: string, lines: string[]) => {
    if (lines.length > 0) out.push("", heading, ...lines);
  };
  section(
    "Applications:",
    review.applications.flatMap((a) => [
      `  ${summary.applicationLine(a)}`,
      ...a.manifestChanges.map((c) => `    ${c}`),
    ]),
  );
  section(
    "Environments:",
    summary
      .environmentGroups(review.environments)
      .flatMap((g) => [`  ${g.who.join(", ")}: ${g.action}`, ...g.changes.map((c) => `    ${c}`)]),
  );
  section(
    "Workflow runs:",
    review.workflowRuns.map((w) => `  ${summary.workflowRunLine(w)}`),
  );
  section(
    "Other resources:",
    review.otherChanges.map((c) => `  ${c}`),
  );
  if (review.drift.length > 0) out.push("", paint("35", summary.DRIFT_LEAD));
  for (const d of review.drift) {
    out.push(`  ${instanceLabel(d)}: ${summary.driftHeading(d)}`);
    const rows = d.changes.map((c) => [
      c.attribute,
      summary.shownText(c.before),
      `${summary.shownText(c.after)} (${summary.driftPlanCell(c)})`,
    ]);
    out.push(...columns(rows).map((l) => `    ${l}`));
  }
  for (const g of groupInstances(review.instances)) out.push("", ...group(g, paint));
  return out.join("\n") + "\n";
}

function group(g: InstanceGroup, paint: (sgr: string, s: string) => string): string[] {
  const r = g.shape;
  const many = g.members.length > 1;
  const who = many ? `${g.members.length} instances` : instanceLabel(r);
  const lines = [`${paint(COLOURS[r.kind], `${who}: ${r.action}`)}`];
  if (many) {
    for (const m of g.members)
      lines.push(`  - ${instanceLabel(m)}${m.importId !== undefined ? `, imported id ${m.importId}` : ""}`);
  } else if (r.importId !== undefined) lines.push(`  imported id: ${r.importId}`);
  lines.push(`  workflow: ${r.workflow}`);
  const rows = r.changes
    .filter((c) => !(many && identityRow(c)))
    .map((c) => [c.attribute, summary.shownText(c.before), summary.shownText(c.after)]);
  lines.push(...columns(rows).map((l) => `  ${l}`));
  if (r.secretResets.length > 0)
    lines.push(paint("31", `  ${summary.SECRET_RESETS_LEAD}`), ...r.secretResets.map((n) => `    ${n}`));
  if (r.resets.length > 0) {
    lines.push(paint("33", "  reset to defaults (not listed in the configuration):"));
    const resets = r.resets.map((x) => [
      x.attribute,
      summary.shownText(x.current),
      summary.resetTarget(x.default),
    ]);
    lines.push(...columns(resets).map((l) => `    ${l}`));
  }
  if (r.possibleResets.length > 0) {
    lines.push(paint("33", `  ${summary.possibleResetsLead(r.possibleResets)}`));
    const possible = r.possibleResets.map((x) => [
      x.attribute,
      summary.shownText(x.current),
      `unknown: ${summary.possibleResetWhy(x)}`,
    ]);
    lines.push(...columns(possible).map((l) => `    ${l}`));
  }
  for (const s of r.secrets) lines.push(paint("35", `  secret: ${s}`));
  for (const f of r.findings) lines.push(paint("31", `  finding: ${f}`));
  return lines;
}

/** `name  before → after`, the first two columns padded so the arrows line up. */
function columns(rows: string[][]): string[] {
  const w0 = Math.max(0, ...rows.map((r) => r[0].length));
  const w1 = Math.max(0, ...rows.map((r) => r[1].length));
  return rows.map((r) => `${r[0].padEnd(w0)}  ${r[1].padEnd(w1)} → ${r[2]}`);
}
