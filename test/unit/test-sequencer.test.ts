// The order jest runs test files in (scripts/test-sequencer.js): with no timings (a fresh clone), the
// files that start terraform and the CDK CLIs first, biggest first, then integration, then unit; files
// jest has timings for keep its order (longest first, after the untimed ones).
import * as path from "node:path";
import type { Test } from "@jest/test-result";
import Sequencer from "@jest/test-sequencer";

const SlowTiersFirst: new (options: object) => Sequencer = require("../../scripts/test-sequencer.js");

const ROOT = path.join(__dirname, "..", "..");
const SIZES: Record<string, number> = {
  "test/unit/review/review.test.ts": 23_000,
  "test/unit/rules/rules.test.ts": 10_000,
  "test/integration/protocol/http2-conformance.test.ts": 31_000,
  "test/e2e/readme.test.ts": 10_000,
  "test/e2e/quickstart.test.ts": 1_500,
  "test/acceptance/pipelines.test.ts": 30_000,
  "test/acceptance/import.test.ts": 3_000,
};

/** The files as jest hands them to a sequencer: no cache (so no timings), sizes from the haste map. */
function tests(): Test[] {
  const context = {
    config: { cache: false },
    hasteFS: { getSize: (p: string) => SIZES[path.relative(ROOT, p)] },
  };
  return Object.keys(SIZES).map((file) => ({ path: path.join(ROOT, file), context }) as unknown as Test);
}

const order = (sorted: Test[]) => sorted.map((t) => path.relative(ROOT, t.path));

afterEach(() => jest.restoreAllMocks());

test("with no timings: e2e and acceptance by size, then integration, then unit, not by size alone", async () => {
  const sorted = await new SlowTiersFirst({}).sort(tests());
  expect(order(sorted)).toEqual([
    "test/acceptance/pipelines.test.ts",
    "test/e2e/readme.test.ts",
    "test/acceptance/import.test.ts",
    "test/e2e/quickstart.test.ts",
    "test/integration/protocol/http2-conformance.test.ts",
    "test/unit/review/review.test.ts",
    "test/unit/rules/rules.test.ts",
  ]);
});

test("files with timings keep jest's order: after the untimed ones, longest first", async () => {
  const timings: Record<string, number> = {
    "test/unit/rules/rules.test.ts": 90_000,
    "test/e2e/readme.test.ts": 5_000,
  };
  jest
    .spyOn(Sequencer.prototype as unknown as { time(t: Test): number | undefined }, "time")
    .mockImplementation((t) => timings[path.relative(ROOT, t.path)]);
  const sorted = await new SlowTiersFirst({}).sort(tests());
  expect(order(sorted)).toEqual([
    "test/acceptance/pipelines.test.ts",
    "test/acceptance/import.test.ts",
    "test/e2e/quickstart.test.ts",
    "test/integration/protocol/http2-conformance.test.ts",
    "test/unit/review/review.test.ts",
    "test/unit/rules/rules.test.ts",
    "test/e2e/readme.test.ts",
  ]);
});
