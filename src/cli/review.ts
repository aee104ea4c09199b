// `appmgmt review [PLAN.json|-]`: turns `terraform show -json PLANFILE` output into a review for a pull
// request (ARCHITECTURE.md §7). Exit codes: 0 reviewed, 3 the plan breaks a --fail-on policy, 1 bad input, 2 usage.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  buildReview,
  parsePlanJson,
  policyViolations,
  POLICIES,
  renderMarkdown,
  renderText,
  ReviewInputError,
  violationLine,
  type Policy,
} from "../review";
import { readCommandLine } from "./command-line";

export const REVIEW_USAGE = `Usage: appmgmt review [options] [PLAN.json|-]

Reads a terraform plan as JSON and writes a review of what it does to application instances: per
instance (by instance_name and address; instances changing in the same way share one section) the action
(launch, reconfigure in place, replace and why, destroy, import, move, forget), the values before and
after, the values a reconfigure resets to their manifest defaults or may reset (without the manifest),
binding-rule findings and the workflow the service runs; then what the refresh found changed outside
terraform (the plan's resource_drift), each value marked when the plan reverts it. The JSON form carries a formatVersion. Reads standard input when PLAN.json is - or absent:

  terraform plan -out tfplan && terraform show -json tfplan | appmgmt review > review.md

Options:
  --format F        markdown (default, for pull-request comments; kept under 65,536 characters),
                    text (for terminals; coloured when standard output is a terminal) or json
  --no-color        no colour in text output
  --fail-on LIST    comma-separated policies, exit 3 when the plan breaks one; each object and the
                    policy it breaks are named on stderr and in the review:
                      replace, destroy  an instance is replaced, or destroyed
                      reset             a reconfigure resets a value for certain (named with the
                                        value it becomes)
                      possible-reset    a reconfigure may reset a value the plan cannot tell about
                                        (no manifest, a submodule default not recorded, a revision)
                      drift             anything changed outside terraform
                      secret            a launch sends secret parameters, secret_parameters_version
                                        changes, or secret names are added or removed
  -h, --help        show this help

Exit codes: 0 reviewed, 3 a --fail-on policy is broken (the review is still written), 1 bad input
(unreadable file, not a plan JSON, unsupported format version), 2 bad options.`;

const FORMATS = ["markdown", "text", "json"] as const;
type Format = (typeof FORMATS)[number];

export interface ReviewArgs {
  input: string;
  format: Format;
  colour: boolean;
  failOn: Policy[];
}

export class ReviewUsageError extends Error {}

export function parseReviewArgs(args: string[], stdoutIsTty: boolean): ReviewArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        format: { type: "string", default: "markdown" },
        "no-color": { type: "boolean", default: false },
        "fail-on": { type: "string" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw new ReviewUsageError(`${(e as Error).message.split(". ")[0]}; see appmgmt review --help`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new ReviewUsageError(`one plan file at most, got ${positionals.length}; see appmgmt review --help`);
  }
  const format = values.format as Format;
  if (!FORMATS.includes(format)) {
    throw new ReviewUsageError(
      `--format must be one of ${FORMATS.join(", ")}, got ${JSON.stringify(format)}`,
    );
  }
  const failOn: Policy[] = [];
  for (const p of (values["fail-on"] ?? "").split(",").map((s) => s.trim())) {
    if (p === "") continue;
    if (!POLICIES.includes(p as Policy)) {
      throw new ReviewUsageError(`--fail-on takes ${POLICIES.join(", ")}; got ${JSON.stringify(p)}`);
    }
    failOn.push(p as Policy);
  }
  return {
    input: positionals[0] ?? "-",
    format,
    colour: stdoutIsTty && !values["no-color"] && process.env.NO_COLOR === undefined,
    failOn,
  };
}

function readInput(input: string): string {
  try {
    return readFileSync(input === "-" ? 0 : input, "utf8");
  } catch (e) {
    const what = input === "-" ? "standard input" : input;
    throw new ReviewInputError(
      `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

export async function reviewCommand(args: string[]): Promise<number> {
  const command = readCommandLine(
    "review",
    REVIEW_USAGE,
    args,
    (a) => parseReviewArgs(a, process.stdout.isTTY === true),
    (e) => e instanceof ReviewUsageError,
  );
  if (!command.ok) return command.exitCode;
  const opts = command.options;
  if (opts.input === "-" && process.stdin.isTTY) {
    console.error(
      "appmgmt review: no plan given: pass PLAN.json, or pipe `terraform show -json PLANFILE` into it",
    );
    return 2;
  }
  let review;
  try {
    review = buildReview(parsePlanJson(readInput(opts.input)));
  } catch (e) {
    if (!(e instanceof ReviewInputError)) throw e;
    console.error(`appmgmt review: ${e.message}`);
    return 1;
  }
  // the verdict goes into the review too, so the comment says which instance blocked the merge and why
  const violations = policyViolations(review, opts.failOn);
  if (opts.failOn.length > 0) review.policy = { failOn: opts.failOn, violations };
  const out =
    opts.format === "json"
      ? JSON.stringify(review, null, 2) + "\n"
      : opts.format === "text"
        ? renderText(review, { colour: opts.colour })
        : renderMarkdown(review);
  await new Promise<void>((resolve, reject) => process.stdout.write(out, (e) => (e ? reject(e) : resolve())));
  if (violations.length > 0) {
    console.error(
      [
        `appmgmt review: the plan breaks --fail-on ${opts.failOn.join(",")}:`,
        ...violations.map((v) => `  ${violationLine(v)}`),
      ].join("\n"),
    );
    return 3;
  }
  return 0;
}
