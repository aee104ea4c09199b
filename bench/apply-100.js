#!/usr/bin/env node
// Benchmark (ARCHITECTURE.md §8): `terraform apply` of 100 appmgmt_instance with 2 s launch workflows at terraform's
// default parallelism (10) must take at most 1.15 × the ideal ceil(100/10) × 2 s, with one token call.
// Run after `npm run build`: node bench/apply-100.js [--trace]
// (--trace: terraform debug log, to time each provider process from exec to handshake; slows terraform a little)
// Besides the verdict it prints where the time goes: terraform's work before the first launch, how late
// the provider notices each workflow's end (status polls vs the simulator's own transition times), and
// what follows the last one.
"use strict";
require("./usage").helpOnRequest(__filename);
const fs = require("node:fs");
const path = require("node:path");
const { startSimulator, demoSeed, DEMO } = require("../lib/simulator");
const { createWorkspace, seconds } = require("./terraform-workspace");

const COUNT = 100;
const PARALLELISM = 10;
const WORKFLOW_MS = 2000;
const BAR = 1.15;
const TRACE = process.argv.includes("--trace");

/** @param {number[]} xs */
const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    mean: xs.reduce((a, b) => a + b, 0) / xs.length,
    median: sorted[sorted.length >> 1],
    max: sorted[sorted.length - 1],
  };
};

/** From terraform's debug log: each provider process, exec ("starting plugin") to handshake ("using plugin").
 * @param {string} log
 */
function printProviderStarts(log) {
  /** @param {string} line */
  const at = (line) => Date.parse(line.slice(0, line.indexOf(" ")));
  const lines = log.split("\n");
  const starts = lines
    .filter((l) => l.includes("provider: starting plugin:") && l.includes("appmgmt"))
    .map(at);
  const ready = lines.filter((l) => l.includes("provider: using plugin:")).map(at);
  const durations = starts.map((t, i) => ready[i] - t);
  const { mean, max } = stats(durations);
  console.log(
    `  provider processes                  ${starts.length}, exec -> handshake mean ${seconds(mean)}, max ${seconds(max)}, ` +
      `total ${seconds(durations.reduce((a, b) => a + b, 0))}`,
  );
}

async function main() {
  const server = await startSimulator({
    seed: demoSeed(),
    host: "127.0.0.1",
    port: 0,
    timing: { launchMs: WORKFLOW_MS, reconfigureMs: WORKFLOW_MS, destroyMs: WORKFLOW_MS },
  });
  const { sim } = server;
  let ws;
  try {
    ws = await createWorkspace(
      server.url,
      `resource "appmgmt_instance" "bench" {
  count          = ${COUNT}
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "bench-\${count.index}"
}
`,
    );
    const tfLog = path.join(ws.root, "terraform.log");

    // Wall-clock times: the simulator's request log stamps each answer with Date.now().
    const requestsBefore = sim.stats.requestCount;
    const runningAt = new Map();
    const watch = setInterval(() => {
      for (const i of sim.instances())
        if (i.status === "Running" && !runningAt.has(i.id)) runningAt.set(i.id, Date.now());
    }, 10);

    const tokenCallsBefore = sim.stats.tokenCalls;
    const start = performance.now();
    const startedAt = Date.now();
    await ws.terraform(
      ["apply", "-auto-approve", "-input=false", "-no-color"],
      TRACE ? { TF_LOG: "debug", TF_LOG_PATH: tfLog } : {},
    );
    const elapsed = performance.now() - start;
    clearInterval(watch);

    const running = sim.instances().filter((i) => i.status === "Running");
    if (running.length !== COUNT)
      throw new Error(`expected ${COUNT} running instances, the service has ${running.length}`);

    const entries = sim.stats.requestsSince(requestsBefore).map((e) => ({ ...e, at: e.at - startedAt }));
    const launches = entries.filter((e) => e.method === "POST" && e.path.endsWith("/launch"));
    const lastPoll = new Map();
    let polls = 0;
    for (const e of entries) {
      const m = /^\/api\/1\/instances\/([0-9a-f]{24})$/.exec(e.path);
      if (e.method === "GET" && m) {
        polls++;
        lastPoll.set(m[1], e.at);
      }
    }
    // The watcher samples every 10 ms, so it may notice an end after the provider's poll did: clamp at 0.
    const lags = running.map((i) => Math.max(0, lastPoll.get(i.id) - (runningAt.get(i.id) - startedAt)));
    const lastSeen = Math.max(...lastPoll.values());
    const lag = stats(lags);

    const ideal = Math.ceil(COUNT / PARALLELISM) * WORKFLOW_MS;
    const ratio = elapsed / ideal;
    const tokenCalls = sim.stats.tokenCalls - tokenCallsBefore;
    console.log(
      `apply of ${COUNT} appmgmt_instance, ${WORKFLOW_MS / 1000} s launch workflows, parallelism ${PARALLELISM}`,
    );
    console.log(`  measured  ${seconds(elapsed)}`);
    console.log(`  ideal     ${seconds(ideal)} (ceil(${COUNT}/${PARALLELISM}) x ${WORKFLOW_MS / 1000} s)`);
    console.log(`  ratio     ${ratio.toFixed(3)}x (bar <= ${BAR}x): ${ratio <= BAR ? "PASS" : "FAIL"}`);
    console.log(`  token calls ${tokenCalls} (bar: 1): ${tokenCalls === 1 ? "PASS" : "FAIL"}`);
    console.log("where the time goes:");
    console.log(`  apply start -> first launch         ${seconds(launches[0].at)}`);
    console.log(
      `  first launch -> last launch         ${seconds(launches[launches.length - 1].at - launches[0].at)}`,
    );
    console.log(
      `  workflow end -> seen by a poll      mean ${seconds(lag.mean)}, median ${seconds(lag.median)}, max ${seconds(lag.max)}`,
    );
    console.log(
      `  status polls                        ${polls} (${(polls / COUNT).toFixed(1)} per instance)`,
    );
    console.log(`  last end seen -> terraform exit     ${seconds(elapsed - lastSeen)}`);
    if (TRACE) printProviderStarts(fs.readFileSync(tfLog, "utf8"));
    process.exitCode = ratio <= BAR && tokenCalls === 1 ? 0 : 1;
  } finally {
    await server.close();
    ws?.remove();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
