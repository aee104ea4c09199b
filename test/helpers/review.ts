// `appmgmt review` on a workspace's real plan, as a pipeline runs it: terraform plan -out, show -json, then
// the CLI as a child process on the JSON. Shared by the review's acceptance tests and those comparing the
// review with the plan's own warnings.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { parseMarkdown, type MarkdownSection } from "./markdown";
import { describeRun, type TerraformRun, type TerraformWorkspace } from "./terraform";

export const APPMGMT_CLI = path.join(__dirname, "../../bin/appmgmt.js");

export interface Reviewed {
  /** The plan run (its output holds terraform's warnings). */
  plan: TerraformRun;
  code: number | null;
  /** The review as written on stdout (Markdown unless --format says otherwise). */
  markdown: string;
  /** The summary line of a Markdown review. */
  summary: string;
  /** The instance sections (level-3 headings) of a Markdown review. */
  instances: MarkdownSection[];
  stderr: string;
}

/** plan -out, show -json, then `appmgmt review` on the JSON (through a file, extra arguments appended). */
export function planAndReview(tf: TerraformWorkspace, ...reviewArgs: string[]): Promise<Reviewed> {
  return planWithAndReview(tf, [], ...reviewArgs);
}

/** planAndReview with more plan options (e.g. -refresh-only). */
export async function planWithAndReview(
  tf: TerraformWorkspace,
  planArgs: string[],
  ...reviewArgs: string[]
): Promise<Reviewed> {
  const plan = await tf.run([
    "plan",
    ...planArgs,
    "-input=false",
    "-no-color",
    "-out=tfplan",
    "-detailed-exitcode",
  ]);
  if (plan.code !== 2) throw new Error(`expected changes (exit code 2)\n${describeRun(plan)}`);
  const show = await tf.run(["show", "-json", "tfplan"]);
  if (show.code !== 0) throw new Error(describeRun(show));
  tf.writeFile("plan.json", show.stdout);
  const r = spawnSync(
    process.execPath,
    [APPMGMT_CLI, "review", path.join(tf.dir, "plan.json"), ...reviewArgs],
    { encoding: "utf8" },
  );
  const sections = parseMarkdown(r.stdout);
  return {
    plan,
    code: r.status,
    markdown: r.stdout,
    summary: sections.find((s) => s.heading === "appmgmt review")?.paragraphs[0] ?? "",
    instances: sections.filter((s) => s.level === 3),
    stderr: r.stderr,
  };
}

/** Applies the plan planAndReview saved. */
export async function applyPlan(tf: TerraformWorkspace): Promise<void> {
  const run = await tf.run(["apply", "-input=false", "-no-color", "tfplan"]);
  if (run.code !== 0) throw new Error(describeRun(run));
}
