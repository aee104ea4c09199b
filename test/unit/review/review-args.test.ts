// `appmgmt review` options: formats, --fail-on policies, the plan argument, colour only on a terminal.
import { parseReviewArgs, REVIEW_USAGE, ReviewUsageError } from "../../../src/cli/review";

describe("parseReviewArgs", () => {
  test("defaults: Markdown from standard input, no policy", () => {
    expect(parseReviewArgs([], true)).toEqual({
      input: "-",
      format: "markdown",
      colour: process.env.NO_COLOR === undefined,
      failOn: [],
    });
  });

  test("a plan file, a format and policies", () => {
    expect(parseReviewArgs(["--format", "text", "--fail-on", "replace, reset", "plan.json"], false)).toEqual({
      input: "plan.json",
      format: "text",
      colour: false,
      failOn: ["replace", "reset"],
    });
    expect(parseReviewArgs(["--format", "text", "--no-color", "-"], true).colour).toBe(false);
    expect(parseReviewArgs(["--fail-on", "reset,possible-reset"], false).failOn).toEqual([
      "reset",
      "possible-reset",
    ]);
  });

  test("the help says what each --fail-on policy fails on (issue 39 item 7)", () => {
    const policies = REVIEW_USAGE.slice(
      REVIEW_USAGE.indexOf("--fail-on"),
      REVIEW_USAGE.indexOf("-h, --help"),
    );
    expect(policies).toMatch(/reset\s+a reconfigure resets a value for certain/);
    expect(policies).toMatch(/possible-reset\s+a reconfigure may reset a value/);
    // secrets are sent with every reconfigure; the gate fires on these only
    expect(policies).toMatch(
      /secret\s+a launch sends secret parameters, secret_parameters_version\s+changes, or secret names are added or removed/,
    );
    expect(policies).not.toContain("(again)");
  });

  test.each([
    [["--format", "html"], /--format must be one of markdown, text, json, got "html"/],
    [
      ["--fail-on", "replace,delete"],
      /--fail-on takes replace, destroy, reset, possible-reset, drift, secret; got "delete"/,
    ],
    [["a.json", "b.json"], /one plan file at most, got 2/],
    [["--colour"], /Unknown option '--colour'/],
  ])("refuses %j", (args, message) => {
    expect(() => parseReviewArgs(args, false)).toThrow(ReviewUsageError);
    expect(() => parseReviewArgs(args, false)).toThrow(message);
  });
});
