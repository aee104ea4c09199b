#!/usr/bin/env node
// Benchmark (issue 11): the provider's own cost at stack scale, side by side with terraform's built-in
// `terraform_data` (the same terraform work with a provider that costs almost nothing). One run makes the
// same N of appmgmt_instance (simulator, 0 ms workflows, with a manifest checked at plan time) and of
// terraform_data, step by step, the two kinds alternating so that machine load hits both alike.
//
//   node bench/vs-builtin.js [--n 1000] [--n-default 300] [--plan-runs 3] [--steps a,b,...] [--no-profile]
//                            [--small-input] [--no-submodules] [--baseline DIR]
//
// Steps (default all, in this order): apply-p50, plan, destroy-p50 (N, -parallelism=50; plan = plan with
// refresh of the applied N, the median of --plan-runs) and apply-default, destroy-default (--n-default,
// terraform's default parallelism 10); plan and destroy act on what an earlier step applied.
// Bars: ≤ 1.5× at -parallelism=50, ≤ 3× at default parallelism, provider peak RSS ≤ 150 MiB. The plan step also
// times the floor: the same plan (a copy of the applied state) with bench/floor-provider.js, appmgmt's schema
// and plugin stack with handlers that do no work, so its ratio is what being a provider process costs before
// the provider does anything; "this / floor" is the plan against it (issue 38's bar: ≤ 1.2x; with --baseline
// also "baseline / floor", against this tree's floor). It times a second floor too, the same provider making
// the status reads a refresh must make (two per instance, with the real client): "floor with the status reads"
// is what this design cannot go below, its ratio to the floor what those reads alone cost. Each of the three
// shows its CPU by process (terraform / provider / simulator). Then, unless --no-profile, one more apply/plan/destroy
// at N with an unminified provider under V8's profiler: where the provider's CPU goes per RPC and per module
// (not timed).
// Each instance has one submodule (webshop's db), which the service shows as a child instance: a refresh reads
// the instance and its child (two status calls). --no-submodules makes instances of the demo's postgres
// application instead (no submodule, one status call), for the figure with and without submodules.
// With --baseline DIR (another checkout with its node_modules, e.g. the commit before a change), that tree's
// provider takes every step too, in its own workspace against the same simulator, alternating with this one's,
// and each row shows its time, this tree's ratio to it and its service calls: before and after in one run.
// Needs `npm run build`; prints the load average, since the ratios only mean something on a quiet machine.
"use strict";
require("./usage").helpOnRequest(__filename);
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");
const { startSimulator, demoSeed, DEMO, DEMO_MANIFESTS } = require("../lib/simulator");
const { createWorkspace, seconds } = require("./terraform-workspace");
const { bundleProvider } = require("../scripts/bundle-provider");
const { watchProviderMemory, summariseProfiles, countRpcs } = require("./provider-process");

const { values: flags } = parseArgs({
  options: {
    n: { type: "string", default: "1000" },
    "n-default": { type: "string", default: "300" },
    "plan-runs": { type: "string", default: "3" },
    steps: { type: "string", default: "apply-p50,plan,destroy-p50,apply-default,destroy-default" },
    "no-profile": { type: "boolean", default: false },
    "small-input": { type: "boolean", default: false },
    "no-submodules": { type: "boolean", default: false },
    baseline: { type: "string" },
  },
});
const N = Number(flags.n);
const N_DEFAULT = Number(flags["n-default"]);
const PLAN_RUNS = Number(flags["plan-runs"]);
const RSS_BAR_MIB = 150;
const MANIFEST = flags["no-submodules"]
  ? DEMO_MANIFESTS.postgres[1]
  : fs.readFileSync(path.join(__dirname, "..", "examples", "hcl", "webshop.yaml"), "utf8");
/** The configured values both kinds carry: webshop with its db submodule, or postgres with none. */
const CONFIGURED = flags["no-submodules"]
  ? `application_id = "${DEMO.postgresApplicationId}"
  instance_name  = "bench-\${count.index}"
  manifest       = file("\${path.module}/webshop.yaml")
  parameters     = { "input.engine" = "postgres-\${count.index % 7}", "input.size" = "small" }`
  : `application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "bench-\${count.index}"
  manifest       = file("\${path.module}/webshop.yaml")
  parameters     = { "input.app-fork" = "release-\${count.index % 7}", "input.db-size" = "small" }
  submodules     = { db = { parameters = { "input.engine" = "postgres-16" } } }`;

/**
 * @typedef {import("./terraform-workspace").Workspace} Workspace
 * @typedef {import("../lib/simulator").Simulator} Simulator
 * @typedef {{ n: number, args: string[], bar: number, runs?: number }} Step
 * @typedef {{ ws: Workspace, hcl: (n: number) => string, n?: number, setCount: (n: number) => void,
 *             only?: string, stateFrom?: Workspace }} Kind
 *   (`only`: the one step the kind takes part in; `stateFrom`: whose state it plans, copied before each run)
 * @typedef {Awaited<ReturnType<typeof timed>>} Timing
 */

/** @param {number} n */
const appmgmtHcl = (n) => `resource "appmgmt_instance" "bench" {
  count          = ${n}
  ${CONFIGURED}
}
`;
// The built-in resource carries the same configured values (application, name, manifest text, parameters,
// submodules) in `triggers_replace`, which terraform keeps once in state and never copies to an output: the
// same terraform work on the same values. That matters because terraform's local backend writes the whole state
// after every resource change, so its CPU grows with N x (bytes per resource). With --small-input it carries a
// three-string input instead, the comparison the issue first made (terraform's cost of the manifest text is
// then counted against the provider).
/** @param {number} n */
const builtinHcl = (n) =>
  flags["small-input"]
    ? `resource "terraform_data" "bench" {
  count = ${n}
  input = { name = "bench-\${count.index}", fork = "release-\${count.index % 7}", size = "small" }
}
`
    : `resource "terraform_data" "bench" {
  count = ${n}
  triggers_replace = {
    ${CONFIGURED.replaceAll("\n  ", "\n    ")}
  }
}
`;

const P50 = ["-parallelism=50"];
/** @type {Record<string, Step>} */
const STEPS = {
  "apply-p50": { n: N, args: ["apply", "-auto-approve", ...P50], bar: 1.5 },
  plan: { n: N, args: ["plan", "-refresh=true", ...P50], bar: 1.5, runs: PLAN_RUNS },
  "destroy-p50": { n: N, args: ["destroy", "-auto-approve", ...P50], bar: 1.5 },
  "apply-default": { n: N_DEFAULT, args: ["apply", "-auto-approve"], bar: 3 },
  "destroy-default": { n: N_DEFAULT, args: ["destroy", "-auto-approve"], bar: 3 },
};

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * One workspace per kind; main.tf is rewritten when the step's N differs from the last one's.
 * @param {string} url
 */
async function workspaces(url) {
  const files = { "webshop.yaml": MANIFEST };
  // Each kind's setCount is added just below.
  const appmgmt = await createWorkspace(url, "", { files });
  const floorCode = await bundleProvider({ entry: path.join(__dirname, "floor-provider.js") });
  /** @type {Record<string, Kind>} */
  const kinds = {
    appmgmt: /** @type {Kind} */ ({ ws: appmgmt, hcl: appmgmtHcl }),
    terraform_data: /** @type {Kind} */ ({
      ws: await createWorkspace(url, "", { files, provider: false }),
      hcl: builtinHcl,
    }),
    floor: /** @type {Kind} */ ({
      ws: await createWorkspace(url, "", { files, providerCode: floorCode }),
      hcl: appmgmtHcl,
      only: "plan",
      stateFrom: appmgmt,
    }),
    floorReads: /** @type {Kind} */ ({
      ws: await createWorkspace(url, "", { files, providerCode: floorCode }),
      hcl: appmgmtHcl,
      only: "plan",
      stateFrom: appmgmt,
    }),
  };
  // terraform passes its environment on to the provider: this floor makes the refresh's status reads
  kinds.floorReads.ws.env.APPMGMT_BENCH_FLOOR_READS = "1";
  if (flags.baseline) {
    /** @type {{ bundleProvider: () => Promise<string> }} */
    const baseline = require(path.resolve(flags.baseline, "scripts", "bundle-provider.js"));
    const providerCode = await baseline.bundleProvider();
    kinds.baseline = /** @type {Kind} */ ({
      ws: await createWorkspace(url, "", { files, providerCode }),
      hcl: appmgmtHcl,
    });
  }
  const header = fs.readFileSync(path.join(kinds.appmgmt.ws.work, "main.tf"), "utf8");
  for (const kind of Object.values(kinds)) {
    kind.setCount = (n) => {
      if (kind.n === n) return;
      const prefix = kind.hcl === appmgmtHcl ? header : "";
      fs.writeFileSync(path.join(kind.ws.work, "main.tf"), prefix + kind.hcl(n));
      kind.n = n;
    };
  }
  return kinds;
}

/** CPU ms of this process's finished children: terraform's, which includes its provider processes'. */
function childrenCpuMs() {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, in 1/100 s
}

/**
 * Wall time; CPU of terraform, of the provider processes and of this process (the simulator); calls; RSS.
 * @param {Kind} kind
 * @param {string[]} args
 * @param {Simulator} sim
 */
async function timed(kind, args, sim) {
  const memory = watchProviderMemory(fs.realpathSync(kind.ws.work));
  const calls = sim.stats.requestCount;
  const cpu = process.cpuUsage();
  const children = childrenCpuMs();
  const start = performance.now();
  await kind.ws.terraform([...args, "-input=false", "-no-color"]);
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  const provider = memory.stop();
  return {
    ms,
    terraformCpuMs: childrenCpuMs() - children - (provider.cpuMs || 0),
    simCpuMs: (user + system) / 1000,
    calls: sim.stats.requestCount - calls,
    ...provider,
  };
}

/**
 * @param {Simulator} sim
 * @param {Record<string, Kind>} kinds
 * @param {string[]} names
 */
async function runSteps(sim, kinds, names) {
  const rows = [];
  let peakMib = 0;
  for (const name of names) {
    const step = STEPS[name];
    if (!step) throw new Error(`unknown step ${name}; steps are ${Object.keys(STEPS).join(", ")}`);
    /** @type {Record<string, number[]>} */
    const times = { appmgmt: [], terraform_data: [], floor: [], floorReads: [], baseline: [] };
    /** @type {Record<string, Timing>} */
    const last = {};
    for (let r = 0; r < (step.runs ?? 1); r++) {
      for (const [kindName, kind] of Object.entries(kinds)) {
        if (kind.only !== undefined && kind.only !== name) continue;
        if (kind.stateFrom) {
          const state = "terraform.tfstate";
          fs.copyFileSync(path.join(kind.stateFrom.work, state), path.join(kind.ws.work, state));
        }
        kind.setCount(step.n);
        const t = await timed(kind, step.args, sim);
        times[kindName].push(t.ms);
        last[kindName] = t;
        if (kindName === "appmgmt") peakMib = Math.max(peakMib, t.peakMib);
      }
    }
    const service = last.appmgmt;
    const a = median(times.appmgmt);
    const b = median(times.terraform_data);
    const ratio = a / b;
    const ok = ratio <= step.bar;
    if (!ok) process.exitCode = 1;
    rows.push({
      step: `${name} of ${step.n}${(step.runs ?? 1) > 1 ? ` (median of ${step.runs})` : ""}`,
      appmgmt_instance: seconds(a),
      terraform_data: seconds(b),
      ratio: `${ratio.toFixed(2)}x`,
      bar: `≤ ${step.bar}x`,
      result: ok ? "ok" : "MISSED",
      "floor (no-work provider)": times.floor.length
        ? `${seconds(median(times.floor))} = ${(median(times.floor) / b).toFixed(2)}x`
        : "-",
      "this / floor": times.floor.length ? `${(a / median(times.floor)).toFixed(2)}x` : "-",
      "floor with the status reads": times.floorReads.length
        ? `${seconds(median(times.floorReads))} = ${(median(times.floorReads) / median(times.floor)).toFixed(2)}x floor`
        : "-",
      "this / floor with reads": times.floorReads.length
        ? `${(a / median(times.floorReads)).toFixed(2)}x`
        : "-",
      // where the gap to the floor goes: each side's CPU by process (terraform / provider / simulator)
      ...(last.floor && {
        "floor CPU": `${seconds(last.floor.terraformCpuMs)} / ${seconds(last.floor.cpuMs)} / ${seconds(last.floor.simCpuMs)}`,
        "floor with reads CPU": `${seconds(last.floorReads.terraformCpuMs)} / ${seconds(last.floorReads.cpuMs)} / ${seconds(last.floorReads.simCpuMs)}`,
      }),
      "terraform CPU (appmgmt / data)": `${seconds(service.terraformCpuMs)} / ${seconds(last.terraform_data.terraformCpuMs)}`,
      "provider CPU": seconds(service.cpuMs),
      "provider processes": service.processes,
      "service calls": service.calls,
      "simulator CPU": seconds(service.simCpuMs),
      ...(last.baseline && {
        "baseline (= this / baseline)": `${seconds(median(times.baseline))} = ${(a / median(times.baseline)).toFixed(2)}x`,
        "baseline calls": last.baseline.calls,
        ...(times.floor.length && {
          "baseline / floor": `${(median(times.baseline) / median(times.floor)).toFixed(2)}x`,
        }),
      }),
    });
    const row = rows[rows.length - 1];
    const floor = times.floor.length
      ? `, floor ${row["floor (no-work provider)"]}, this / floor ${row["this / floor"]}, floor with the ` +
        `status reads ${row["floor with the status reads"]}, this / it ${row["this / floor with reads"]}`
      : "";
    const base = last.baseline ? `, baseline ${row["baseline (= this / baseline)"]}` : "";
    console.log(`  ${row.step}: ${row.ratio}${floor}${base} (load ${loadavg()})`);
  }
  return { rows, peakMib };
}

/** @param {string} url */
async function profile(url) {
  const ws = await createWorkspace(url, appmgmtHcl(N), {
    files: { "webshop.yaml": MANIFEST },
    unminified: true,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-cpu-prof-"));
  const log = path.join(dir, "terraform.log");
  try {
    const env = {
      NODE_OPTIONS: `--require ${path.join(__dirname, "cpu-profile-preload.js")}`,
      APPMGMT_BENCH_CPU_PROF_DIR: dir,
      TF_LOG_PROVIDER: "debug",
      TF_LOG_PATH: log,
    };
    for (const args of [STEPS["apply-p50"].args, STEPS.plan.args, STEPS["destroy-p50"].args])
      await ws.terraform([...args, "-input=false", "-no-color"], env);
    const { totalMs, byRpc, byModule } = summariseProfiles(dir, ws.providerFile);
    const calls = countRpcs(log);
    console.log(
      `\nprovider CPU, apply + plan + destroy of ${N} at -parallelism=50 (unminified, under the profiler and ` +
        `debug logging, so slower than above): ${seconds(totalMs)} busy`,
    );
    const shown = byRpc.filter(([, ms], i) => i < 14 && ms >= totalMs / 200);
    const rest = totalMs - shown.reduce((sum, [, ms]) => sum + ms, 0);
    console.table(
      [...shown, /** @type {[string, number]} */ (["(the rest)", rest])].map(([rpc, ms]) => ({
        rpc,
        calls: calls.get(rpc) ?? "-",
        "CPU ms": Math.round(ms),
        share: `${((100 * ms) / totalMs).toFixed(1)}%`,
        "µs per call": calls.get(rpc)
          ? Math.round((1000 * ms) / /** @type {number} */ (calls.get(rpc)))
          : "-",
      })),
    );
    console.log("top modules by self CPU:");
    console.table(
      byModule.slice(0, 12).map(([module, ms]) => ({
        module,
        "CPU ms": Math.round(ms),
        share: `${((100 * ms) / totalMs).toFixed(1)}%`,
      })),
    );
  } finally {
    ws.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const seed = demoSeed();
  const server = await startSimulator({
    seed,
    host: "127.0.0.1",
    port: 0,
    timing: { launchMs: 0, reconfigureMs: 0, destroyMs: 0 },
  });
  let kinds;
  try {
    console.log(`${os.cpus().length} cores, load average ${loadavg()} (1, 5, 15 min) at the start`);
    console.log(
      flags["no-submodules"]
        ? "instances of postgres, no submodule: a refresh is one status call"
        : "instances of webshop, one submodule each: a refresh is two status calls (the instance, its child)",
    );
    kinds = await workspaces(server.url);
    const { rows, peakMib } = await runSteps(server.sim, kinds, flags.steps.split(","));
    console.table(rows);
    const rssOk = peakMib <= RSS_BAR_MIB;
    if (!rssOk) process.exitCode = 1;
    console.log(
      `provider peak RSS ${peakMib.toFixed(0)} MiB (bar ≤ ${RSS_BAR_MIB} MiB): ${rssOk ? "ok" : "MISSED"}`,
    );
    console.log(`load average ${loadavg()} (1, 5, 15 min) at the end of the timed steps`);
    if (!flags["no-profile"]) await profile(server.url);
  } finally {
    for (const kind of Object.values(kinds ?? {})) kind.ws.remove();
    await server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
