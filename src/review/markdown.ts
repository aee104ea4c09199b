// The review as GitHub/GitLab-flavoured Markdown for a pull-request comment: summary and the --fail-on
// verdict first, one section per group of instances changing in the same way (groups.ts), and the whole kept
// under the code host's comment limit. Only plain value changes and long lists of instances that lose nothing
// fold into <details>: resets, possible resets, replace reasons and destroys always stay in sight.

import { groupInstances, identityRow, type InstanceGroup } from "./groups";
import type { InstanceReview, Kind, Review, Shown } from "./review";
import {
  DRIFT_LEAD,
  applicationLine,
  driftHeading,
  driftPlanCell,
  environmentGroups,
  notListedLine,
  workflowRunLine,
  possibleResetsLead,
  SECRET_RESETS_LEAD,
  possibleResetWhy,
  resetTarget,
  shownText,
  summaryLine,
} from "./summary";

/**
 * The review's first line, invisible once rendered: a pipeline finds the comment an earlier push left by it
 * and updates that comment instead of adding one per push (examples/pipelines). Inside the limit, as it is
 * part of the comment.
 */
export const REVIEW_MARKER = "<!-- appmgmt-review -->";

/** GitHub refuses comments longer than this (characters). */
export const COMMENT_LIMIT = 65_536;
/** Sections with more table rows than this are collapsed. */
const COLLAPSE_ROWS = 10;

export interface MarkdownOptions {
  /** Maximum length of the result (default COMMENT_LIMIT). */
  limit?: number;
}

export function renderMarkdown(review: Review, opts: MarkdownOptions = {}): string {
  const limit = opts.limit ?? COMMENT_LIMIT;
  const head = [REVIEW_MARKER, "## appmgmt review", "", `**${summaryLine(review)}**`];
  const notListed = notListedLine(review);
  if (notListed) head.push("", notListed);
  if (review.policy) head.push("", ...policyLines(review.policy));
  if (review.applications.length > 0) {
    head.push("", "Applications:", "");
    for (const a of review.applications) {
      head.push(`- ${escapeText(applicationLine(a))}`);
      for (const c of a.manifestChanges) head.push(`  - ${escapeText(c)}`);
    }
  }
  if (review.environments.length > 0) {
    head.push("", "Environments:", "");
    for (const g of environmentGroups(review.environments)) {
      head.push(`- ${escapeText(g.who.join(", "))}: ${escapeText(g.action)}`);
      for (const c of g.changes) head.push(`  - ${escapeText(c)}`);
    }
  }
  if (review.workflowRuns.length > 0)
    head.push(
      "",
      "Workflow runs:",
      "",
      ...review.workflowRuns.map((w) => `- ${escapeText(workflowRunLine(w))}`),
    );
  if (review.otherChanges.length > 0) {
    head.push("", "Other resources:", "", ...review.otherChanges.map((c) => `- ${code(c)}`));
  }
  if (review.drift.length > 0) head.push("", ...driftLines(review.drift));
  let out = head.join("\n") + "\n";
  const groups = groupInstances(review.instances);
  const sections = groups.map(section);
  let i = 0;
  // reserve room for the note about what was cut
  const reserve = 400;
  for (; i < sections.length; i++) {
    const room = i === sections.length - 1 ? limit : limit - reserve;
    if (out.length + sections[i].length + 1 > room) break;
    out += "\n" + sections[i];
  }
  if (i < sections.length) out += cutNote(groups.slice(i), limit - out.length);
  return out;
}

/** Each object changed outside terraform, with its values and whether this plan sets them back. */
function driftLines(drift: Review["drift"]): string[] {
  const lines = [`**${escapeText(DRIFT_LEAD)}**`, ""];
  for (const d of drift) {
    lines.push(`- ${label(d)}: ${escapeText(driftHeading(d))}`);
    if (d.changes.length === 0) continue;
    const rows = d.changes.map((c) => [
      code(c.attribute),
      shownCell(c.before),
      shownCell(c.after),
      escapeText(driftPlanCell(c)),
    ]);
    const t = table(["attribute", "in the state", "now", "this plan"], rows);
    lines.push("", ...t.split("\n").map((l) => `  ${l}`), "");
  }
  return lines;
}

/** The --fail-on verdict: each instance and the policy it breaks, where the reviewer reads first. */
function policyLines(policy: NonNullable<Review["policy"]>): string[] {
  const asked = code(`--fail-on ${policy.failOn.join(",")}`);
  if (policy.violations.length === 0) return [`${asked}: passed.`];
  const n = policy.violations.length;
  return [
    `**${asked}: ${n} violation${n === 1 ? "" : "s"}** (the review exits 3):`,
    "",
    ...policy.violations.map((v) => `- **${v.policy}**: ${label(v)}: ${escapeText(v.why)}`),
  ];
}

/** The groups left out for the comment limit: each still named with its action and its resets. */
function cutNote(cut: InstanceGroup[], room: number): string {
  const count = cut.reduce((n, g) => n + g.members.length, 0);
  const first = `\n---\n\n**Cut:** the details of ${count} instance${count === 1 ? "" : "s"} are left out to keep this comment under ${COMMENT_LIMIT.toLocaleString("en-US")} characters; run \`appmgmt review --format text\` on the plan to see everything.\n`;
  const lines = cut.flatMap((g) =>
    g.members.map((r) => `- ${label(r)}: ${escapeText(r.action)}${resetCount(r)}\n`),
  );
  const tail = (n: number) => (n > 0 ? `- … and ${n} more\n` : "");
  let out = first;
  for (let i = 0; i < lines.length; i++) {
    if (out.length + lines[i].length + tail(lines.length - i - 1).length > room)
      return out + tail(lines.length - i);
    out += lines[i];
  }
  return out;
}

function resetCount(r: InstanceReview): string {
  const parts: string[] = [];
  if (r.secretResets.length > 0) parts.push(`${r.secretResets.length} secrets reset`);
  if (r.resets.length > 0) parts.push(`${r.resets.length} reset to defaults`);
  if (r.possibleResets.length > 0) parts.push(`${r.possibleResets.length} may be reset`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** `web (`appmgmt_instance.web`)`: the name the team knows, then the address terraform knows. */
function label(r: { address: string; instanceName?: string }): string {
  return r.instanceName === undefined
    ? code(r.address)
    : `${escapeText(r.instanceName)} (${code(r.address)})`;
}

/** Kinds whose list of instances is never folded: what they lose must stay in sight. */
const NEVER_FOLDED: readonly Kind[] = ["replace", "destroy"];

function section(group: InstanceGroup): string {
  const r = group.shape;
  const many = group.members.length > 1;
  const lines = many
    ? [`### ${group.members.length} instances: ${escapeText(r.action)}`, ""]
    : [`### ${label(r)}: ${escapeText(r.action)}`, ""];
  if (many) {
    const members = group.members.map(
      (m) => `- ${label(m)}${m.importId !== undefined ? `, imported id ${code(m.importId)}` : ""}`,
    );
    if (members.length > COLLAPSE_ROWS && !NEVER_FOLDED.includes(r.kind))
      lines.push(...folded(`${members.length} instances`, members));
    else lines.push(...members, "");
  } else if (r.importId !== undefined) lines.push(`Imported id: ${code(r.importId)}`, "");
  lines.push(`Workflow: ${escapeText(r.workflow)}`, "");
  const rows = r.changes.filter((c) => !(many && identityRow(c)));
  if (rows.length > 0) {
    const changes = table(
      ["attribute", "before", "after"],
      rows.map((c) => [code(c.attribute), shownCell(c.before), shownCell(c.after)]),
    );
    // only plain changes fold; resets and findings below stay in sight
    if (rows.length > COLLAPSE_ROWS) lines.push(...folded(`${rows.length} values change`, [changes]));
    else lines.push(changes, "");
  }
  lines.push(...resetLines(r));
  if (r.secrets.length > 0) {
    lines.push("Secrets (values never shown):", "", ...r.secrets.map((s) => `- ${escapeText(s)}`), "");
  }
  if (r.findings.length > 0) {
    lines.push("Binding-rule findings:", "", ...r.findings.map((f) => `- ${escapeText(f)}`), "");
  }
  return lines.join("\n");
}

/** `body` folded under a summary line that GitHub and GitLab show. */
function folded(summary: string, body: string[]): string[] {
  return [`<details><summary>${summary}</summary>`, "", ...body, "", "</details>", ""];
}

/** What the reconfigure resets: secrets the service holds, values certainly, and values it may. */
function resetLines(r: InstanceGroup["shape"]): string[] {
  const lines: string[] = [];
  if (r.secretResets.length > 0) {
    lines.push(`**${escapeText(SECRET_RESETS_LEAD)}**`, "", ...r.secretResets.map((n) => `- ${code(n)}`), "");
  }
  if (r.resets.length > 0) {
    lines.push(
      `Values the reconfigure resets to their defaults (not listed in the configuration):`,
      "",
      table(
        ["attribute", "now", "after the reconfigure"],
        r.resets.map((x) => [
          code(x.attribute),
          shownCell(x.current),
          valueCell(resetTarget(x.default), x.default !== undefined),
        ]),
      ),
      "",
    );
  }
  if (r.possibleResets.length > 0) {
    lines.push(
      escapeText(possibleResetsLead(r.possibleResets)),
      "",
      table(
        ["attribute", "now", "after the reconfigure"],
        r.possibleResets.map((x) => [
          code(x.attribute),
          shownCell(x.current),
          `*${escapeText(`unknown: ${possibleResetWhy(x)}`)}*`,
        ]),
      ),
      "",
    );
  }
  return lines;
}

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

function shownCell(v: Shown): string {
  return valueCell(shownText(v), v.kind === "value");
}

/** Real values as code, terraform's placeholders in italics. */
function valueCell(text: string, isValue: boolean): string {
  return isValue ? code(text) : `*${escapeText(text)}*`;
}

/** A code span that survives any content: backtick fence longer than any run inside, pipes escaped for tables. */
function code(text: string): string {
  const flat = text.replace(/\r?\n/g, "\\n");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") || flat === "" ? " " : "";
  return `${fence}${pad}${flat.replace(/\|/g, "\\|")}${pad}${fence}`;
}

function escapeText(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/([\\`*_[\]<>|#])/g, "\\$1");
}
