#!/usr/bin/env node
// Soak (issue 27 item 7): cycles of `terraform apply` against the simulator with faults on, for M minutes.
// Run after `npm run build`: node bench/soak.js --minutes M [--instances N] [--seed S]
// Each cycle takes N instances (default 30) through four applies: launch, reconfigure (a new app-fork), a
// workflow run on each (appmgmt_instance_workflow), destroy. An apply that exits non-zero is run again, as a
// user would, up to 5 times. Faults, all through the simulator's switches: a share of the calls answered
// 500/502/503/408/429, connection resets (half of them after the call was served: dropped answers, a lost
// launch answer among them), session tokens that expire every 45 s, and status reads lagging a new workflow
// by 2 reads (`sim.statusLag`).
// After every apply the state (terraform show -json) is compared with the simulator's own records.
// Prints: instances orphaned (live on the service, not in the state), duplicated (a name with two live
// instances), state mismatches (after an apply that succeeded: an instance of the state gone from the
// service, or values differing), applies that failed and a retry fixed (and any never fixed), and the
// provider processes' peak RSS in the first and the last cycle. Bars: 0 orphans, 0 duplicates, 0 mismatches,
// every apply converging, RSS flat (last cycle within 10% of the first). Exit 1 when a bar is missed.
"use strict";
require("./usage").helpOnRequest(__filename);
const { parseArgs } = require("node:util");
const { startSimulator, demoSeed, DEMO, DEMO_MANIFESTS } = require("../lib/simulator");
const { createWorkspace, seconds } = require("./terraform-workspace");
const { watchProviderMemory } = require("./provider-process");
const { stateInstances, compare } = require("./soak-checks");

const TIMING = { launchMs: 500, reconfigureMs: 500, destroyMs: 300 };
const MAX_ROUNDS = 5;
const JWT_LIFETIME_S = 45;
const FAULT_SHARE = 0.15;
const RSS_GROWTH_BAR = 1.1;
const PREFIX = "soak-";

/** @returns {{ minutes: number, instances: number, seed: number }} */
function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string" },
      instances: { type: "string", default: "30" },
      seed: { type: "string", default: "20261127" },
    },
  });
  const minutes = Number(values.minutes);
  const instances = Number(values.instances);
  const seed = Number(values.seed);
  if (values.minutes === undefined || !Number.isFinite(minutes) || minutes < 0)
    throw new Error("--minutes M is required: how long to keep starting cycles (0: one cycle)");
  if (!Number.isInteger(instances) || instances < 1) throw new Error("--instances N: a whole number >= 1");
  if (!Number.isInteger(seed)) throw new Error("--seed S: a whole number");
  return { minutes, instances, seed };
}

/** webshop's latest manifest with a workflow the cycles run. */
const SOAK_MANIFEST = DEMO_MANIFESTS.webshop[2].replace(
  /^application:\n/m,
  "application:\n  workflows:\n    restart:\n",
);

const CONFIG = `
variable "names" { type = list(string) }
variable "fork" { type = string }
variable "run" { type = string }

resource "appmgmt_instance" "s" {
  for_each         = toset(var.names)
  application_id   = "${DEMO.webshopApplicationId}"
  instance_name    = each.key
  manifest_version = 3
  parameters       = { "input.app-fork" = var.fork }
  timeouts {
    create = "5m"
    update = "5m"
    delete = "5m"
  }
}

resource "appmgmt_instance_workflow" "restart" {
  for_each    = var.run == "" ? toset([]) : toset(var.names)
  instance_id = appmgmt_instance.s[each.key].id
  workflow    = "restart"
  triggers    = { run = var.run }
}
`;

/**
 * Error summaries of a terraform run, ids masked, counted.
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
 * The errors of terraform output `out` about the instance named `name`, each flattened to one line, so an
 * orphan or a duplicate is printed with what the provider said when it happened.
 * @param {string} out
 * @param {string} name
 */
function errorsAbout(out, name) {
  return out
    .split(/^(?:│ )?Error: /m)
    .slice(1)
    .filter((block) => block.includes(`["${name}"]`))
    .map((block) => block.replace(/[│╷╵]/g, "").replace(/\s+/g, " ").trim().slice(0, 600));
}

async function main() {
  const { minutes, instances, seed } = options();
  const seedData = demoSeed();
  const webshop = seedData.organizations[0].applications?.find((a) => a.id === DEMO.webshopApplicationId);
  if (!webshop) throw new Error("the demo seed has no webshop application");
  webshop.manifests["3"] = SOAK_MANIFEST;
  const server = await startSimulator({
    seed: seedData,
    host: "127.0.0.1",
    port: 0,
    timing: TIMING,
    jwtLifetimeSeconds: JWT_LIFETIME_S,
  });
  const { sim } = server;
  const resetRate = FAULT_SHARE / 4;
  const faults = {
    resetRate,
    rate: (FAULT_SHARE - resetRate) / (1 - resetRate),
    statuses: [500, 502, 503, 408, 429],
    seed,
  };
  /** @type {import("./terraform-workspace").Workspace | undefined} */
  let ws;
  const totals = { applies: 0, fixedByRetry: 0, neverConverged: 0 };
  // Each problem counted once however many checks see it again (an orphan stays one until destroyed).
  /** @type {{ orphans: Set<string>, duplicates: Set<string>, mismatches: Set<string> }} */
  const seen = { orphans: new Set(), duplicates: new Set(), mismatches: new Set() };
  /** @type {number[]} */
  const cyclePeaks = [];
  try {
    ws = await createWorkspace(server.url, CONFIG);
    const workspace = ws;
    console.log(
      `soak: ${minutes} min of cycles (launch, reconfigure, workflow, destroy) of ${instances} instances; faults: ` +
        `${FAULT_SHARE * 100}% of calls (500/502/503/408/429 and resets, half after serving), session tokens ` +
        `expiring every ${JWT_LIFETIME_S} s, status lag 2 reads after each new workflow; seed ${seed}`,
    );
    sim.setFaults(faults);
    sim.statusLag.set(2);

    /**
     * One step: apply with the given variables until it exits 0 (at most MAX_ROUNDS), then the checks.
     * @param {string} label
     * @param {{ names: string[], fork: string, run: string }} vars
     */
    const step = async (label, vars) => {
      const varArgs = [
        "-var",
        `names=${JSON.stringify(vars.names)}`,
        "-var",
        `fork=${vars.fork}`,
        "-var",
        `run=${vars.run}`,
      ];
      let round = 0;
      let code = /** @type {number | null} */ (null);
      /** @type {string[]} */
      const errors = [];
      /** @type {string[]} */
      const outputs = [];
      while (round < MAX_ROUNDS && code !== 0) {
        round++;
        totals.applies++;
        const r = await workspace.run(["apply", "-auto-approve", "-input=false", "-no-color", ...varArgs]);
        code = r.code;
        if (code !== 0) errors.push(...errorSummaries(r.out));
        outputs.push(r.out);
      }
      if (code === 0 && round > 1) totals.fixedByRetry++;
      if (code !== 0) totals.neverConverged++;
      const state = stateInstances(await workspace.terraform(["show", "-json", "-no-color"]));
      const found = compare(sim.instances(), state, { prefix: PREFIX, converged: code === 0 });
      for (const o of found.orphans) {
        const [id, name] = o.split(" ");
        if (seen.orphans.has(id)) continue;
        seen.orphans.add(id);
        for (const e of outputs.flatMap((out) => errorsAbout(out, name)))
          console.log(`  ${name}: Error: ${e}`);
      }
      found.duplicates.forEach((d) => seen.duplicates.add(d.split(" ")[0]));
      found.mismatches.forEach((m) => seen.mismatches.add(m));
      const problems = [
        ...found.orphans.map((o) => `orphan ${o}`),
        ...found.duplicates.map((d) => `duplicate ${d}`),
        ...found.mismatches,
      ];
      return (
        `${label} ${code === 0 ? `ok after ${round} round(s)` : `NOT converged in ${round} rounds`}` +
        (errors.length ? ` [${[...new Set(errors)].join("; ")}]` : "") +
        (problems.length ? ` PROBLEMS: ${problems.join("; ")}` : "")
      );
    };

    const start = performance.now();
    for (let cycle = 1; cycle === 1 || performance.now() - start < minutes * 60_000; cycle++) {
      const watch = watchProviderMemory(workspace.work);
      const cycleStart = performance.now();
      const names = Array.from({ length: instances }, (_, i) => `${PREFIX}${cycle}-${i}`);
      const lines = [
        await step("launch", { names, fork: `c${cycle}-a`, run: "" }),
        await step("reconfigure", { names, fork: `c${cycle}-b`, run: "" }),
        await step("workflow", { names, fork: `c${cycle}-b`, run: `c${cycle}` }),
        await step("destroy", { names: [], fork: `c${cycle}-b`, run: "" }),
      ];
      const { peakMib, processes } = watch.stop();
      cyclePeaks.push(peakMib);
      console.log(
        `cycle ${cycle} in ${seconds(performance.now() - cycleStart)}: ${lines.join(" | ")}; ` +
          `provider peak RSS ${peakMib.toFixed(1)} MiB over ${processes} processes`,
      );
    }
    sim.setFaults({ rate: 0, resetRate: 0 });
    const served = sim.stats.requestCount;
    const first = cyclePeaks[0];
    const last = cyclePeaks[cyclePeaks.length - 1];
    const flat = last <= first * RSS_GROWTH_BAR;
    console.log(
      `soak over after ${seconds(performance.now() - start)}: ${cyclePeaks.length} cycles, ${served} calls served`,
    );
    console.log(`  instances orphaned       ${seen.orphans.size} (bar: 0)`);
    console.log(`  instances duplicated     ${seen.duplicates.size} (bar: 0)`);
    console.log(`  state mismatches         ${seen.mismatches.size} (bar: 0)`);
    console.log(
      `  failed applies a retry fixed ${totals.fixedByRetry} of ${cyclePeaks.length * 4} steps ` +
        `(${totals.applies} applies in all); never converged: ${totals.neverConverged} (bar: 0)`,
    );
    console.log(
      `  provider peak RSS        first cycle ${first.toFixed(1)} MiB, last cycle ${last.toFixed(1)} MiB ` +
        `(bar: last ≤ ${RSS_GROWTH_BAR}× first): ${flat ? "flat" : "GREW"}`,
    );
    const pass =
      seen.orphans.size === 0 &&
      seen.duplicates.size === 0 &&
      seen.mismatches.size === 0 &&
      totals.neverConverged === 0 &&
      flat;
    console.log(`  verdict                  ${pass ? "PASS" : "FAIL"}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.close();
    ws?.remove();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
