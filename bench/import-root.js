#!/usr/bin/env node
// Import time of the package root (what a cdktf app loads) in fresh node processes, after `npm run build`:
//   before  the root as it was: constructs + bindings + rules + manifest + client + simulator
//   after   the root now (client and simulator are the subpaths /client and /simulator)
//   floor   `require("cdktf")` alone, which every cdktf app pays anyway
// Product bar: median(after) / median(floor) <= 1.5.
//
//   node bench/import-root.js [runs]     (default 15 runs of each, interleaved)
"use strict";
require("./usage").helpOnRequest(__filename);

const { spawnSync } = require("node:child_process");
const path = require("node:path");

const ROOT = path.join(__dirname, "..");
const BAR = 1.5;
const CASES = {
  before: ["cdktf-provider-appmgmt", "cdktf-provider-appmgmt/client", "cdktf-provider-appmgmt/simulator"],
  after: ["cdktf-provider-appmgmt"],
  floor: ["cdktf"],
};

/**
 * Milliseconds to require `specifiers` in a fresh node (measured inside it, so process start is excluded).
 * @param {string[]} specifiers
 */
function importMs(specifiers) {
  const script =
    `const t = process.hrtime.bigint(); for (const s of ${JSON.stringify(specifiers)}) require(s);` +
    "console.log(Number(process.hrtime.bigint() - t) / 1e6);";
  const run = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`import failed (run \`npm run build\` first):\n${run.stderr}`);
  return Number(run.stdout.trim());
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main() {
  const runs = Number(process.argv[2] ?? 15);
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries(Object.keys(CASES).map((k) => [k, []]));
  for (let i = 0; i < runs; i++)
    for (const [name, specifiers] of Object.entries(CASES)) samples[name].push(importMs(specifiers));
  const m = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
  console.log(`import time of the package root, median of ${runs} fresh processes (node ${process.version})`);
  console.log(`  before (root + client + simulator)  ${m.before.toFixed(0)} ms`);
  console.log(
    `  after  (root)                       ${m.after.toFixed(0)} ms  (${(m.after / m.before).toFixed(2)}x of before)`,
  );
  console.log(`  floor  (cdktf alone)                ${m.floor.toFixed(0)} ms`);
  const ratio = m.after / m.floor;
  console.log(`  ratio after/floor ${ratio.toFixed(2)}x (bar <= ${BAR}x): ${ratio <= BAR ? "PASS" : "FAIL"}`);
  process.exitCode = ratio <= BAR ? 0 : 1;
}

main();
