#!/usr/bin/env node
// Benchmark (ARCHITECTURE.md §8): `appmgmt review` of a 500-instance plan, this tree beside another checkout
// (e.g. the commit before a change), both on the same plan JSON, run alternately as a pipeline runs them (one
// `node bin/appmgmt.js review PLAN.json` process each, output discarded). Prints min / median / max of each
// and the ratio of the medians (this / baseline); the bar is no slower (≤ 1.05×, timing noise allowed).
//
//   node bench/review-500.js --baseline DIR [--rounds 7] [--n 500] [--plan PLAN.json] [--save-plan FILE]
//
// The plan is real: N webshop instances (manifest set, one submodule configured) applied against the simulator
// through terraform, then planned with app-fork changed on all and db-size (large) removed from every other
// one (so the review has resets to name and groups to make); --plan reuses a saved one (--save-plan keeps it).
// Both trees need `npm run build` (bin/appmgmt.js runs lib/). Wall time includes node's start, as a pipeline
// pays it; run on a quiet machine.
"use strict";
require("./usage").helpOnRequest(__filename);
const { spawnSync, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");

const { values: flags } = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: "7" },
    n: { type: "string", default: "500" },
    plan: { type: "string" },
    "save-plan": { type: "string" },
  },
});
if (!flags.baseline) {
  console.error("--baseline DIR is required (a built checkout to compare with); see --help");
  process.exit(2);
}
const BASELINE = path.resolve(flags.baseline);
const N = Number(flags.n);
const ROUNDS = Number(flags.rounds);
const BAR = 1.05;
const ROOT = path.join(__dirname, "..");

/** @param {number} n @param {(i: string) => string} parameters */
const instancesHcl = (n, parameters) => `resource "appmgmt_instance" "shop" {
  count          = ${n}
  application_id = "${require("../lib/simulator").DEMO.webshopApplicationId}"
  instance_name  = "review-\${count.index}"
  manifest       = file("\${path.module}/webshop.yaml")
  parameters     = ${parameters("count.index")}
  submodules     = { db = { parameters = { "input.engine" = "postgres-16" } } }
}
`;

/** Applies N instances, then plans the change; returns `terraform show -json` of that plan. */
async function makePlan() {
  const { startSimulator, demoSeed } = require("../lib/simulator");
  const { createWorkspace } = require("./terraform-workspace");
  const server = await startSimulator({
    seed: demoSeed(),
    host: "127.0.0.1",
    port: 0,
    timing: { launchMs: 0, reconfigureMs: 0, destroyMs: 0 },
  });
  const manifest = fs.readFileSync(path.join(ROOT, "examples", "hcl", "webshop.yaml"), "utf8");
  const before = instancesHcl(
    N,
    (i) => `{ "input.app-fork" = "release-\${${i} % 7}", "input.db-size" = "large" }`,
  );
  const ws = await createWorkspace(server.url, before, { files: { "webshop.yaml": manifest } });
  try {
    await ws.terraform(["apply", "-auto-approve", "-parallelism=50", "-input=false", "-no-color"]);
    const header = fs.readFileSync(path.join(ws.work, "main.tf"), "utf8").split("resource ")[0];
    const after = instancesHcl(
      N,
      (i) =>
        `${i} % 2 == 0 ? { "input.app-fork" = "next" } : { "input.app-fork" = "next", "input.db-size" = "large" }`,
    );
    fs.writeFileSync(path.join(ws.work, "main.tf"), header + after);
    await ws.terraform(["plan", "-parallelism=50", "-input=false", "-no-color", "-out=tfplan"]);
    return execFileSync(process.env.TERRAFORM_BINARY_NAME || "terraform", ["show", "-json", "tfplan"], {
      cwd: ws.work,
      env: ws.env,
      maxBuffer: 1 << 30,
      encoding: "utf8",
    });
  } finally {
    await ws
      .terraform(["destroy", "-auto-approve", "-parallelism=50", "-input=false", "-no-color"])
      .catch(() => {});
    ws.remove();
    await server.close();
  }
}

/** Wall ms of one review of `planFile` by the tree at `root`. @param {string} root @param {string} planFile */
function reviewMs(root, planFile) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [path.join(root, "bin", "appmgmt.js"), "review", planFile], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`review by ${root} exited ${r.status}:\n${r.stderr}`);
  return ms;
}

/** @param {number[]} xs */
const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[sorted.length >> 1], max: sorted[sorted.length - 1] };
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-review-bench-"));
  try {
    let planFile = flags.plan;
    if (!planFile) {
      console.log(`making a plan of ${N} instances (apply, then plan a change) ...`);
      planFile = path.join(dir, "plan.json");
      fs.writeFileSync(planFile, await makePlan());
      if (flags["save-plan"]) fs.copyFileSync(planFile, flags["save-plan"]);
    }
    const trees = [
      { name: "this tree", root: ROOT, ms: /** @type {number[]} */ ([]) },
      {
        name: `baseline ${BASELINE}`,
        root: BASELINE,
        ms: /** @type {number[]} */ ([]),
      },
    ];
    for (const t of trees) reviewMs(t.root, planFile); // warm-up: file cache, both trees alike
    for (let r = 0; r < ROUNDS; r++) {
      // alternating, each round in the other order, so load drifts hit both alike
      for (const t of r % 2 === 0 ? trees : [...trees].reverse()) t.ms.push(reviewMs(t.root, planFile));
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (1, 5, 15 min)`,
    );
    console.table(
      trees.map((t) => {
        const s = stats(t.ms);
        return {
          tree: t.name,
          "min ms": Math.round(s.min),
          "median ms": Math.round(s.median),
          "max ms": Math.round(s.max),
        };
      }),
    );
    const ratio = stats(trees[0].ms).median / stats(trees[1].ms).median;
    const ok = ratio <= BAR;
    if (!ok) process.exitCode = 1;
    console.log(
      `review of ${flags.plan ?? flags["save-plan"] ?? `a plan of ${N} instances`}: this / baseline = ${ratio.toFixed(3)}x (bar ≤ ${BAR}x): ${ok ? "ok" : "MISSED"}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
