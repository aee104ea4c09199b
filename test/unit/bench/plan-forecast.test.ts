// The plan-forecast harness (test/forecast/, run by bench/plan-forecast.js and
// test/acceptance/plan-forecast.test.ts) on its own: a case is a function of (seed, index), so `--seed N --only
// I` replays it; the classes are all generated; and the oracle flags a value the plan did not say would change,
// accepts one it did, and names a secret's value only by where it came from.
import { CHANGE_CLASSES, generateCase, instanceHcl } from "../../forecast/estate";
import { forecast, mismatches, unchangedReview, valueKey, type Snapshot } from "../../forecast/oracle";
import type { InstanceReview } from "../../../src/review/types";

const PLANNED = { actions: ["update"], before: {}, after: {} };
const REVIEW: InstanceReview = {
  ...unchangedReview("appmgmt_instance.x"),
  kind: "reconfigure",
  action: "reconfigure in place",
};

test("a case is the same whatever runs before it, and 64 cases cover every change class and adoptions", () => {
  expect(generateCase(11, 5)).toEqual(generateCase(11, 5));
  expect(generateCase(11, 5)).not.toEqual(generateCase(12, 5));
  const cases = Array.from({ length: 64 }, (_, i) => generateCase(11, i));
  expect(new Set(cases.map((c) => c.change))).toEqual(new Set(CHANGE_CLASSES));
  expect(cases.some((c) => c.adoption)).toBe(true);
  for (const c of cases) expect(c.after).not.toEqual(c.before);
});

describe("the oracle", () => {
  const c = generateCase(11, 0);
  const fork = valueKey("", "input.app-fork");
  const before: Snapshot = { version: 1, values: { [fork]: "main" } };
  const secretLabel = () => undefined;

  test("a value the plan does not mention must stay: a silent change is a mismatch", () => {
    const expected = forecast(c, before, c.after, PLANNED, REVIEW);
    expect(mismatches(expected, { version: 1, values: { [fork]: "main" } }, secretLabel)).toEqual([]);
    expect(mismatches(expected, { version: 1, values: { [fork]: "master" } }, secretLabel)).toEqual([
      'parameters["input.app-fork"]: the service holds "master", the forecast was "main" (kept (the plan does not change it))',
    ]);
  });

  test("a reset the review lists is the forecast", () => {
    const review = {
      ...REVIEW,
      resets: [
        {
          attribute: 'parameters["input.app-fork"]',
          current: { kind: "value" as const, value: "main" },
          default: "master",
        },
      ],
    };
    const expected = forecast(c, before, c.after, PLANNED, review);
    expect(mismatches(expected, { version: 1, values: { [fork]: "master" } }, secretLabel)).toEqual([]);
  });

  test("a secret is named by where it came from, never by its value", () => {
    const expected = forecast(c, before, c.after, PLANNED, REVIEW);
    const said = mismatches(
      expected,
      { version: 1, values: { [fork]: "hunter2" } },
      () => "a manifest default",
    );
    expect(said.join("")).not.toContain("hunter2");
    expect(said.join("")).toContain("a manifest default");
  });
});

test("a case prints as a terraform resource with its secrets write-only", () => {
  const c = Array.from({ length: 16 }, (_, i) => generateCase(11, i)).find(
    (x) => Object.keys(x.before.secrets).length > 0,
  )!;
  const hcl = instanceHcl(c, c.before, "5f0000000000000000000a11", '"manifest"');
  expect(hcl).toContain(`resource "appmgmt_instance" "${c.name}"`);
  expect(hcl).toContain("secret_parameters_version = 1");
});
