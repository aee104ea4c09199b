// The review as GitHub/GitLab-flavoured Markdown for a pull-request comment: summary first, one section per
// instance, long tables collapsed in <details>, and the whole kept under the code host's comment limit.

import type { InstanceReview, Review, Shown } from "./review";
import { notListedLine, resetTarget, shownText, summaryLine } from "./summary";

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
  const head = ["## appmgmt review", "", `**${summaryLine(review)}**`];
  const notListed = notListedLine(review);
  if (notListed) head.push("", notListed);
  if (review.otherChanges.length > 0) {
    head.push("", "Other resources:", "", ...review.otherChanges.map((c) => `- ${code(c)}`));
  }
  let out = head.join("\n") + "\n";
  const sections = review.instances.map(section);
  let i = 0;
  // reserve room for the note about what was cut
  const reserve = 400;
  for (; i < sections.length; i++) {
    const room = i === sections.length - 1 ? limit : limit - reserve;
    if (out.length + sections[i].length + 1 > room) break;
    out += "\n" + sections[i];
  }
  if (i < sections.length) out += cutNote(review.instances.slice(i), limit - out.length);
  return out;
}

function cutNote(cut: InstanceReview[], room: number): string {
  const first = `\n---\n\n**Cut:** the details of ${cut.length} instance${cut.length === 1 ? "" : "s"} are left out to keep this comment under ${COMMENT_LIMIT.toLocaleString("en-US")} characters; run \`appmgmt review --format text\` on the plan to see everything.\n`;
  const tail = (n: number) => (n > 0 ? `- … and ${n} more\n` : "");
  let out = first;
  for (let i = 0; i < cut.length; i++) {
    const line = `- ${code(cut[i].address)}: ${escapeText(cut[i].action)}\n`;
    if (out.length + line.length + tail(cut.length - i - 1).length > room) return out + tail(cut.length - i);
    out += line;
  }
  return out;
}

function section(r: InstanceReview): string {
  const lines = [`### ${code(r.address)}: ${escapeText(r.action)}`, ""];
  if (r.importId !== undefined) lines.push(`Imported id: ${code(r.importId)}`, "");
  lines.push(`Workflow: ${escapeText(r.workflow)}`, "");
  const tables: string[] = [];
  if (r.changes.length > 0) {
    tables.push(
      table(
        ["attribute", "before", "after"],
        r.changes.map((c) => [code(c.attribute), shownCell(c.before), shownCell(c.after)]),
      ),
    );
  }
  if (r.resets.length > 0) {
    tables.push(
      `Values the reconfigure resets to their defaults (not listed in the configuration):\n\n` +
        table(
          ["attribute", "now", "after the reconfigure"],
          r.resets.map((x) => [
            code(x.attribute),
            shownCell(x.current),
            valueCell(resetTarget(x.default, x.attribute), x.default !== undefined),
          ]),
        ),
    );
  }
  const rows = r.changes.length + r.resets.length;
  if (rows > COLLAPSE_ROWS) {
    const what = [`${r.changes.length} value${r.changes.length === 1 ? "" : "s"} change`];
    if (r.resets.length > 0) what.push(`${r.resets.length} reset to defaults`);
    lines.push(
      `<details><summary>${what.join(", ")}</summary>`,
      "",
      ...tables.flatMap((t) => [t, ""]),
      "</details>",
      "",
    );
  } else {
    lines.push(...tables.flatMap((t) => [t, ""]));
  }
  if (r.findings.length > 0) {
    lines.push("Binding-rule findings:", "", ...r.findings.map((f) => `- ${escapeText(f)}`), "");
  }
  return lines.join("\n");
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
