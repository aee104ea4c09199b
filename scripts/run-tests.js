#!/usr/bin/env node
// Runs the whole jest suite and closes with the plain summary line CI reads:
// "N passed, N failed" (+ ", N skipped"), computed from jest's --json results.
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const results = path.join(root, ".jest-results.json");
fs.rmSync(results, { force: true });

const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, CHECKPOINT_DISABLE: "1" } });

const jestBin = require.resolve("jest/bin/jest");
const jest = run(process.execPath, [jestBin, "--json", `--outputFile=${results}`, ...process.argv.slice(2)]);

if (!fs.existsSync(results)) {
  console.error(`jest wrote no results (exit ${jest.status}); counting the run as failed`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(results, "utf8"));
const skipped = r.numPendingTests + r.numTodoTests;
// A suite that fails to load has no failing test of its own: count it so it cannot pass unnoticed.
const failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
const total = r.numPassedTests + failed;
if (r.numRuntimeErrorTestSuites > 0)
  console.error(`${r.numRuntimeErrorTestSuites} test file(s) failed to run`);
console.log(`${r.numPassedTests} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exit(failed > 0 || total === 0 || jest.status !== 0 ? 1 : 0);
