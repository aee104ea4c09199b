// jest's order of test files, for a fresh clone: jest runs the files it has timings for longest first,
// but a fresh clone has none (they live in jest's cache), and then jest orders by file size, which puts
// 30 KB of quick unit tests before a 7 KB e2e file that runs for two minutes. A slow file started last
// sets the wall time of the whole run. Here, files without timings go by tier instead (e2e and acceptance
// together, which run terraform and the CDK CLIs, then integration, then unit), by size within a tier, so
// the many short unit files fill the end of the run; files with timings keep jest's order.
"use strict";
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/** Slowest first: e2e and acceptance files start real terraform and CDK CLI processes. */
const TIERS = [["e2e", "acceptance"], ["integration"], ["unit"]];

/** @param {string} file */
function tierOf(file) {
  const [root, tier] = path.relative(path.join(__dirname, ".."), file).split(path.sep);
  const rank = root === "test" ? TIERS.findIndex((folders) => folders.includes(tier)) : -1;
  return rank === -1 ? TIERS.length : rank;
}

class SlowTiersFirst extends Sequencer {
  /**
   * @override
   * @param {import("@jest/test-result").Test[]} tests
   */
  sort(tests) {
    const sorted = /** @type {import("@jest/test-result").Test[]} */ (super.sort(tests));
    // super.sort set each file's `duration` (undefined: no timing) and ordered the untimed ones by size;
    // those are put in tier order in the places they hold (a stable sort keeps size order in a tier).
    const slots = sorted.flatMap((test, i) => (test.duration == null ? [i] : []));
    const untimed = slots.map((i) => sorted[i]).sort((a, b) => tierOf(a.path) - tierOf(b.path));
    slots.forEach((slot, k) => (sorted[slot] = untimed[k]));
    return sorted;
  }
}

module.exports = SlowTiersFirst;
