// `appmgmt review` options: formats, --fail-on policies, the plan argument, colour only on a terminal.
import { parseReviewArgs, ReviewUsageError } from "../../../src/cli/review";

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
  });

  test.each([
    [["--format", "html"], /--format must be one of markdown, text, json, got "html"/],
    [["--fail-on", "replace,delete"], /--fail-on takes replace, destroy, reset, drift; got "delete"/],
    [["a.json", "b.json"], /one plan file at most, got 2/],
    [["--colour"], /Unknown option '--colour'/],
  ])("refuses %j", (args, message) => {
    expect(() => parseReviewArgs(args, false)).toThrow(ReviewUsageError);
    expect(() => parseReviewArgs(args, false)).toThrow(message);
  });
});
