#!/usr/bin/env node
// Benchmark (ARCHITECTURE.md §8, faults): with 20% of calls failing (5xx, 429, connection resets), an apply of 50
// appmgmt_instance converges with zero duplicate and zero orphaned instances.
// Run after `npm run build`: node bench/faults-apply-50.js [--seed N]
// Each round is one `terraform apply`; a round that reports errors is followed by another (as a user would
// do), and the apply has converged once a round exits 0 and the following `plan -detailed-exitcode` shows
// no changes. Then, with faults switched off, the service side is checked against terraform's state:
// duplicates = instance names with more than one live (not Destroyed) instance, orphans = live instances
// terraform does not know. Finally `terraform destroy` (faults on again, same rounds) must leave every
// instance Destroyed.
// The seed fixes the sequence of faults, but at terraform's parallelism (10) which resource meets which fault
// depends on timing, so rounds and times vary a little between runs (test/acceptance/faults.test.ts runs
// one resource at a time for an exactly repeatable sequence).
"use strict";
require("./usage").helpOnRequest(__filename);
const { startSimulator, demoSeed, DEMO } = require("../lib/simulator");
const { createWorkspace, seconds } = require("./terraform-workspace");

const COUNT = 50;
const FAULT_SHARE = 0.2;
const MAX_ROUNDS = 8;
const TIMING = { launchMs: 1000, reconfigureMs: 1000, destroyMs: 500 };
const seedArg = process.argv.indexOf("--seed");
const SEED = seedArg > 0 ? Number(process.argv[seedArg + 1]) : 20261121;

// Resets take a quarter of the failing calls (like each of 500, 502, 503 and 429 among the rest): the
// injector draws a reset first, then a status among the calls not reset.
const RESET_RATE = FAULT_SHARE / 4;
const FAULTS = {
  resetRate: RESET_RATE,
  rate: (FAULT_SHARE - RESET_RATE) / (1 - RESET_RATE),
  statuses: [500, 502, 503, 429],
  seed: SEED,
};
const NO_FAULTS = { rate: 0, resetRate: 0 };

/**
 * The distinct error summaries of a terraform run, instance ids masked, with their counts.
 * @param {string} out
 */
function errorSummaries(out) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const m of out.matchAll(/^(?:│ )?Error: (.*)$/gm)) {
    const summary = m[1].replace(/[0-9a-f]{24}/g, "<id>").trim();
    counts.set(summary, (counts.get(summary) ?? 0) + 1);
  }
  return [...counts].map(([s, n]) => `${n} x ${s}`);
}

/**
 * Runs `command` rounds until `converged` (or MAX_ROUNDS); returns the number of rounds, or 0 if never.
 * @param {string} label
 * @param {() => Promise<import("./terraform-workspace").TerraformRun>} command
 * @param {() => Promise<boolean>} converged
 */
async function rounds(label, command, converged) {
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const started = performance.now();
    const r = await command();
    const errors = errorSummaries(r.out);
    const done = r.code === 0 && (await converged());
    console.log(
      `  ${label} round ${round}: exit ${r.code} in ${seconds(performance.now() - started)}, ` +
        `${errors.length === 0 ? "no errors" : `errors: ${errors.join("; ")}`}${done ? " -> converged" : ""}`,
    );
    if (r.code !== 0 && errors.length === 0) console.log(r.out);
    if (done) return round;
  }
  return 0;
}

async function main() {
  const server = await startSimulator({ seed: demoSeed(), host: "127.0.0.1", port: 0, timing: TIMING });
  const { sim } = server;
  /** @type {import("./terraform-workspace").Workspace | undefined} */
  let ws;
  try {
    ws = await createWorkspace(
      server.url,
      `resource "appmgmt_instance" "f" {
  count          = ${COUNT}
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "fault-\${count.index}"
}
`,
    );
    const { run } = ws;
    /** @param {string[]} args */
    const tf = (...args) => run([...args, "-input=false", "-no-color"]);
    const requestsBefore = sim.stats.requestCount;
    const tokenCallsBefore = sim.stats.tokenCalls;

    console.log(
      `apply of ${COUNT} appmgmt_instance with ${FAULT_SHARE * 100}% of calls failing ` +
        `(500/502/503/429 and resets, seed ${SEED}), launch workflows ${TIMING.launchMs / 1000} s`,
    );
    sim.setFaults(FAULTS);
    const start = performance.now();
    const applyRounds = await rounds(
      "apply",
      () => tf("apply", "-auto-approve"),
      async () => (await tf("plan", "-detailed-exitcode")).code === 0,
    );
    const applyMs = performance.now() - start;
    const served = sim.stats.requestsSince(requestsBefore);
    const failed = served.filter((r) => r.status === 0 || r.status === 429 || r.status >= 500).length;
    sim.setFaults(NO_FAULTS);

    /** @type {{ values?: { root_module?: { resources?: { values: { id: string } }[] } } }} */
    const state = JSON.parse(await ws.terraform(["show", "-json", "-no-color"]));
    const inState = new Set((state.values?.root_module?.resources ?? []).map((r) => r.values.id));
    const live = sim.instances().filter((i) => i.status !== "Destroyed");
    /** @type {Map<string, number>} */
    const perName = new Map();
    for (const i of live) perName.set(i.name, (perName.get(i.name) ?? 0) + 1);
    const duplicates = [...perName.values()].filter((n) => n > 1).length;
    const orphans = live.filter((i) => !inState.has(i.id)).length;
    const running = live.filter((i) => i.status === "Running").length;
    const tokenCalls = sim.stats.tokenCalls - tokenCallsBefore;

    console.log(
      `  calls             ${served.length}, failed ${failed} (${((100 * failed) / served.length).toFixed(1)}%)`,
    );
    console.log(
      `  converged         ${applyRounds > 0 ? `after ${applyRounds} round(s)` : `NO (after ${MAX_ROUNDS} rounds)`}` +
        ` in ${seconds(applyMs)}; ${inState.size} in state, ${running} Running on the service`,
    );
    console.log(`  duplicates        ${duplicates} (bar: 0): ${duplicates === 0 ? "PASS" : "FAIL"}`);
    console.log(`  orphans           ${orphans} (bar: 0): ${orphans === 0 ? "PASS" : "FAIL"}`);
    console.log(`  token calls       ${tokenCalls}`);

    sim.setFaults(FAULTS);
    const destroyStart = performance.now();
    const destroyRounds = await rounds(
      "destroy",
      () => tf("destroy", "-auto-approve"),
      async () => true,
    );
    sim.setFaults(NO_FAULTS);
    const left = sim.instances().filter((i) => i.status !== "Destroyed").length;
    console.log(
      `  destroy           ${destroyRounds > 0 ? `${destroyRounds} round(s)` : "NOT converged"} in ` +
        `${seconds(performance.now() - destroyStart)}; not Destroyed: ${left} (bar: 0): ${left === 0 ? "PASS" : "FAIL"}`,
    );
    const pass =
      applyRounds > 0 &&
      inState.size === COUNT &&
      running === COUNT &&
      duplicates === 0 &&
      orphans === 0 &&
      destroyRounds > 0 &&
      left === 0;
    console.log(`  verdict           ${pass ? "PASS" : "FAIL"}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.close();
    ws?.remove();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
