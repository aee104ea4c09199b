#!/usr/bin/env node
// Benchmark (ARCHITECTURE.md §8): construct + synth (with validation) of 1,000 ApplicationInstances must take at
// most 1.5 × the same for 1,000 raw generated `Instance` resources carrying the same configuration.
// Both run in this one process, interleaved, after a warm-up; the medians are compared.
//
//   node bench/synth-1000.js [rounds]        (default 7 rounds of each; no build needed)
"use strict";
require("./usage").helpOnRequest(__filename);

process.env.CHECKPOINT_DISABLE = "1";
require("../scripts/register-ts");

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { App, TerraformStack } = require("cdktf");
const { AppMgmtProvider, ApplicationInstance, ApplicationManifest } = require("../src/constructs");
const { Instance } = require("../src/gen/cdktf/providers/appmgmt/instance");

const COUNT = 1000;
const BAR = 1.5;
const ROUNDS = Number(process.argv[2] ?? 7);
const MANIFEST_FILE = path.join(__dirname, "..", "examples", "quickstart", "webshop.manifest.yaml");
const APPLICATION = "5f0000000000000000000a11";

/**
 * The configuration of instance i, in the construct's camelCase shape.
 * @param {number} i
 */
function config(i) {
  return {
    instanceName: `webshop-${i}`,
    manifestVersion: 1,
    parameters: { "input.app-fork": `release-${i % 7}`, "input.db-size": i % 2 ? "large" : "small" },
    submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
  };
}

/**
 * @param {import("cdktf").App} app
 * @param {string} manifestText
 */
function rawStack(app, manifestText) {
  const stack = new TerraformStack(app, "raw");
  new AppMgmtProvider(stack, "appmgmt");
  for (let i = 0; i < COUNT; i++) {
    new Instance(stack, `webshop-${i}`, { applicationId: APPLICATION, manifest: manifestText, ...config(i) });
  }
}

/**
 * @param {import("cdktf").App} app
 * @param {string} manifestText
 */
function constructStack(app, manifestText) {
  const stack = new TerraformStack(app, "constructs");
  new AppMgmtProvider(stack, "appmgmt");
  const manifest = ApplicationManifest.fromYaml(manifestText);
  for (let i = 0; i < COUNT; i++) {
    new ApplicationInstance(stack, `webshop-${i}`, { application: APPLICATION, manifest, ...config(i) });
  }
}

/**
 * Milliseconds to build the stack and synthesize it (validations included) into a fresh directory.
 * @param {(app: import("cdktf").App, manifestText: string) => void} build
 * @param {string} manifestText
 */
function timeSynth(build, manifestText) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-synth-bench-"));
  try {
    const start = performance.now();
    const app = new App({ outdir });
    build(app, manifestText);
    app.synth();
    return performance.now() - start;
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main() {
  const manifestText = fs.readFileSync(MANIFEST_FILE, "utf8");
  timeSynth(rawStack, manifestText);
  timeSynth(constructStack, manifestText);
  /** @type {number[]} */
  const raw = [];
  /** @type {number[]} */
  const constructs = [];
  for (let round = 0; round < ROUNDS; round++) {
    raw.push(timeSynth(rawStack, manifestText));
    constructs.push(timeSynth(constructStack, manifestText));
  }
  const ratio = median(constructs) / median(raw);
  /** @param {number[]} xs */
  const fmt = (xs) => `median ${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(", ")})`;
  console.log(`synth of ${COUNT} resources, ${ROUNDS} rounds each after a warm-up`);
  console.log(`  raw generated Instance           ${fmt(raw)}`);
  console.log(`  ApplicationInstance + validation ${fmt(constructs)}`);
  console.log(`  ratio ${ratio.toFixed(2)}x (bar: <= ${BAR}x) -> ${ratio <= BAR ? "PASS" : "FAIL"}`);
  process.exitCode = ratio <= BAR ? 0 : 1;
}

main();
