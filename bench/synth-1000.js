#!/usr/bin/env node
// Benchmark (ARCHITECTURE.md §8): construct + synth (with validation) of 1,000 ApplicationInstances must take at
// most 1.5 × the same for 1,000 raw generated `Instance` resources carrying the same configuration.
// Both run in this one process, interleaved, after a warm-up; the medians are compared.
//
//   node bench/synth-1000.js [rounds]        (default 7 rounds of each; no build needed)
//   node bench/synth-1000.js [rounds] --baseline DIR
//
// With --baseline DIR (another checkout, built), that tree's constructs, bindings and cdktf run in the same
// rounds, interleaved with this tree's (both loaded from their built lib/, so run `npm run build` first), and
// the ratio of this tree's construct synth to the baseline's is printed too: no slower (ARCHITECTURE.md §8).
"use strict";
require("./usage").helpOnRequest(__filename);

process.env.CHECKPOINT_DISABLE = "1";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");

const { values: flags, positionals } = parseArgs({
  options: { baseline: { type: "string" } },
  allowPositionals: true,
});
const COUNT = 1000;
const BAR = 1.5;
const ROUNDS = Number(positionals[0] ?? 7);
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
 * What a tree's stacks are built from: its cdktf, constructs and generated `Instance`, from its sources
 * (`src`, through the TypeScript hook) or its build (`lib`).
 * @param {string} root
 * @param {"src" | "lib"} from
 */
function treeApi(root, from) {
  if (from === "src") require(path.join(root, "scripts", "register-ts"));
  const { App, TerraformStack } = require(require.resolve("cdktf", { paths: [root] }));
  const constructs = require(path.join(root, from, "constructs"));
  const { Instance } = require(path.join(root, from, "gen", "cdktf", "providers", "appmgmt", "instance"));
  return { App, TerraformStack, Instance, ...constructs };
}

/** @typedef {ReturnType<typeof treeApi>} TreeApi */

/**
 * @param {TreeApi} api
 * @param {import("cdktf").App} app
 * @param {string} manifestText
 */
function rawStack(api, app, manifestText) {
  const stack = new api.TerraformStack(app, "raw");
  new api.AppMgmtProvider(stack, "appmgmt");
  for (let i = 0; i < COUNT; i++) {
    new api.Instance(stack, `webshop-${i}`, {
      applicationId: APPLICATION,
      manifest: manifestText,
      ...config(i),
    });
  }
}

/**
 * @param {TreeApi} api
 * @param {import("cdktf").App} app
 * @param {string} manifestText
 */
function constructStack(api, app, manifestText) {
  const stack = new api.TerraformStack(app, "constructs");
  new api.AppMgmtProvider(stack, "appmgmt");
  const manifest = api.ApplicationManifest.fromYaml(manifestText);
  for (let i = 0; i < COUNT; i++) {
    new api.ApplicationInstance(stack, `webshop-${i}`, { application: APPLICATION, manifest, ...config(i) });
  }
}

/**
 * Milliseconds to build the stack and synthesize it (validations included) into a fresh directory.
 * @param {TreeApi} api
 * @param {(api: TreeApi, app: import("cdktf").App, manifestText: string) => void} build
 * @param {string} manifestText
 */
function timeSynth(api, build, manifestText) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-synth-bench-"));
  try {
    const start = performance.now();
    const app = new api.App({ outdir });
    build(api, app, manifestText);
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
  const root = path.join(__dirname, "..");
  const trees = [{ name: "this tree", api: treeApi(root, flags.baseline ? "lib" : "src") }];
  if (flags.baseline) {
    const base = path.resolve(flags.baseline);
    trees.push({ name: `baseline ${base}`, api: treeApi(base, "lib") });
  }
  const runs = trees.map((t) => {
    timeSynth(t.api, rawStack, manifestText);
    timeSynth(t.api, constructStack, manifestText);
    return { ...t, raw: /** @type {number[]} */ ([]), constructs: /** @type {number[]} */ ([]) };
  });
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of runs) {
      t.raw.push(timeSynth(t.api, rawStack, manifestText));
      t.constructs.push(timeSynth(t.api, constructStack, manifestText));
    }
  }
  /** @param {number[]} xs */
  const fmt = (xs) => `median ${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(", ")})`;
  console.log(`synth of ${COUNT} resources, ${ROUNDS} rounds each after a warm-up`);
  let pass = true;
  for (const t of runs) {
    const ratio = median(t.constructs) / median(t.raw);
    pass &&= ratio <= BAR;
    console.log(`${t.name}:`);
    console.log(`  raw generated Instance           ${fmt(t.raw)}`);
    console.log(`  ApplicationInstance + validation ${fmt(t.constructs)}`);
    console.log(`  ratio ${ratio.toFixed(2)}x (bar: <= ${BAR}x) -> ${ratio <= BAR ? "PASS" : "FAIL"}`);
  }
  if (runs.length > 1) {
    const ratio = median(runs[0].constructs) / median(runs[1].constructs);
    console.log(`ApplicationInstance synth, this tree / baseline: ${ratio.toFixed(3)}x`);
  }
  process.exitCode = pass ? 0 : 1;
}

main();
