#!/usr/bin/env node
// The provider's own CPU per RPC kind of a plan with refresh, the plugin stack left out (provider-calls.js
// measures that): the handlers behind the protocol layer (src/provider/index.ts's createProvider), called with
// decoded values as the protocol hands them, for the 4 calls terraform makes per instance (UpgradeResourceState,
// ValidateResourceConfig, ReadResource with its status reads over HTTP, PlanResourceChange of no change).
// Each tree runs in a fresh process, which first launches --instances webshop instances with one submodule
// (plan + apply through the same handlers) against a simulator running in a process of its own, so that the
// simulator's CPU is not counted; then per kind, one after another, --calls calls, 50 at a time, twice: "cold"
// is the first pass (what a plan's provider process pays, the code not yet optimised), "warm" the second. CPU
// is the process's user + system time over the pass, per call. With --baseline DIR (another checkout, built),
// that tree runs in the same rounds, alternating, and the ratios are printed.
//
//   node bench/handler-calls.js [--instances 50] [--calls 1000] [--rounds 3] [--baseline DIR]
"use strict";
require("./usage").helpOnRequest(__filename);
const { spawn, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");

const KINDS = ["UpgradeResourceState", "ValidateResourceConfig", "ReadResource", "PlanResourceChange"];
const AT_ONCE = 50;
const TYPE = "appmgmt_instance";

/**
 * In a child process: the handlers of the checkout at `root`, against the simulator at `url`.
 * @param {string} root
 * @param {string} url
 * @param {number} instances
 * @param {number} calls
 * @param {string} tokenDir
 */
async function measure(root, url, instances, calls, tokenDir) {
  const { createProvider } = require(path.join(root, "lib/provider"));
  const { providerSchemas } = require(path.join(root, "lib/provider/catalog"));
  const { DEMO } = require(path.join(root, "lib/simulator"));
  const schema = providerSchemas.resources[TYPE];
  /** @param {{ attributes: { name: string }[] }} block */
  const nulls = (block) => Object.fromEntries(block.attributes.map((a) => [a.name, null]));
  const submoduleBlock = schema.block.attributes.find(
    (/** @type {any} */ a) => a.name === "submodules",
  ).nestedType;
  const env = {
    APPMGMT_BASE_URL: url,
    APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
    APPMGMT_TOKEN_CACHE_DIR: tokenDir,
  };
  const p = createProvider({ env });
  /**
   * @template {{ diagnostics: { severity: string, summary: string }[] }} T
   * @param {T} r
   * @returns {T}
   */
  const ok = (r) => {
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    if (errors.length) throw new Error(errors.map((d) => d.summary).join("; "));
    return r;
  };
  ok(
    await p.configureProvider({ config: nulls(providerSchemas.provider.block), terraformVersion: "1.12.0" }),
  );
  const manifest = fs.readFileSync(path.join(__dirname, "..", "examples", "hcl", "webshop.yaml"), "utf8");
  /** @type {{ config: any, state: any, priv: Buffer }[]} */
  const made = [];
  for (let i = 0; i < instances; i++) {
    const config = {
      ...nulls(schema.block),
      application_id: DEMO.webshopApplicationId,
      instance_name: `handler-calls-${process.pid}-${i}`,
      manifest,
      parameters: { "input.app-fork": `release-${i % 7}`, "input.db-size": "small" },
      submodules: { db: { ...nulls(submoduleBlock), parameters: { "input.engine": "postgres-16" } } },
    };
    const none = Buffer.alloc(0);
    const plan = ok(
      await p.planResourceChange({
        typeName: TYPE,
        config,
        priorState: null,
        proposedNewState: config,
        priorPrivate: none,
      }),
    );
    const applied = ok(
      await p.applyResourceChange({
        typeName: TYPE,
        config,
        priorState: null,
        plannedState: plan.plannedState,
        plannedPrivate: plan.plannedPrivate ?? none,
      }),
    );
    made.push({ config, state: applied.newState, priv: applied.private ?? none });
  }
  /** terraform's proposal for an unchanged configuration: the configured values over the prior state. */
  const proposed = (/** @type {{ config: any, state: any }} */ m) => {
    const out = { ...m.state };
    for (const [k, v] of Object.entries(m.config)) if (v !== null) out[k] = v;
    return out;
  };
  /** @type {Record<string, (m: typeof made[number]) => Promise<any>>} */
  const call = {
    UpgradeResourceState: (m) =>
      p.upgradeResourceState({ typeName: TYPE, version: schema.version, rawState: m.state }),
    ValidateResourceConfig: (m) =>
      p.validateResourceConfig({
        typeName: TYPE,
        config: m.config,
        clientCapabilities: { writeOnlyAttributesAllowed: true },
      }),
    ReadResource: (m) => p.readResource({ typeName: TYPE, currentState: m.state, private: m.priv }),
    PlanResourceChange: (m) =>
      p.planResourceChange({
        typeName: TYPE,
        config: m.config,
        priorState: m.state,
        proposedNewState: proposed(m),
        priorPrivate: m.priv,
      }),
  };
  /** @type {Record<string, number[]>} µs per call, cold then warm */
  const out = {};
  for (const kind of KINDS) {
    for (let pass = 0; pass < 2; pass++) {
      const start = process.cpuUsage();
      for (let n = 0; n < calls; n += AT_ONCE) {
        const batch = Array.from(
          { length: Math.min(AT_ONCE, calls - n) },
          (_, i) => made[(n + i) % made.length],
        );
        for (const r of await Promise.all(batch.map(call[kind]))) ok(r);
      }
      const { user, system } = process.cpuUsage(start);
      (out[kind] ??= []).push((user + system) / calls);
    }
  }
  return out;
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function main() {
  const { values: flags } = parseArgs({
    options: {
      instances: { type: "string", default: "50" },
      calls: { type: "string", default: "1000" },
      rounds: { type: "string", default: "3" },
      baseline: { type: "string" },
      child: { type: "string" },
      url: { type: "string" },
      "token-dir": { type: "string" },
    },
  });
  const instances = Number(flags.instances);
  const calls = Number(flags.calls);
  if (flags.child) {
    const r = await measure(flags.child, String(flags.url), instances, calls, String(flags["token-dir"]));
    process.stdout.write(JSON.stringify(r) + "\n");
    process.exit(0);
  }
  const root = path.join(__dirname, "..");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-handler-calls-"));
  // the simulator in a process of its own, its CPU left out
  const sim = spawn(
    process.execPath,
    [
      "-e",
      `require(${JSON.stringify(path.join(root, "lib/simulator"))}).startSimulator({ seed: require(${JSON.stringify(
        path.join(root, "lib/simulator"),
      )}).demoSeed(), host: "127.0.0.1", port: 0, timing: { launchMs: 0, reconfigureMs: 0, destroyMs: 0 } }).then((s) => console.log(s.url))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    const url = await new Promise((resolve, reject) => {
      sim.stdout.once("data", (d) => resolve(String(d).trim()));
      sim.once("exit", (code) => reject(new Error(`the simulator exited (${code})`)));
    });
    /** @type {Record<string, string>} */
    const trees = { this: root, ...(flags.baseline && { baseline: path.resolve(flags.baseline) }) };
    /** @type {Record<string, Record<string, number[][]>>} tree -> kind -> [cold, warm] per round */
    const results = {};
    console.log(
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    for (let round = 0; round < Number(flags.rounds); round++) {
      const order = round % 2 === 0 ? Object.keys(trees) : Object.keys(trees).reverse();
      for (const name of order) {
        // one token cache for every process: the simulator blocks a user minting more than 5 tokens a minute
        const args = [__filename, "--child", trees[name], "--url", String(url), "--token-dir", work];
        const text = execFileSync(
          process.execPath,
          [...args, "--instances", `${instances}`, "--calls", `${calls}`],
          {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        const r = JSON.parse(text.trim().split("\n").pop() ?? "{}");
        for (const kind of KINDS) ((results[name] ??= {})[kind] ??= []).push(r[kind]);
      }
    }
    console.table(
      KINDS.map((kind) => {
        const at = (/** @type {string} */ tree, /** @type {number} */ pass) =>
          median(results[tree][kind].map((r) => r[pass]));
        return {
          rpc: kind,
          "cold µs/call": at("this", 0).toFixed(1),
          "warm µs/call": at("this", 1).toFixed(1),
          ...(trees.baseline && {
            "baseline cold": at("baseline", 0).toFixed(1),
            "baseline warm": at("baseline", 1).toFixed(1),
            "cold ratio": (at("this", 0) / at("baseline", 0)).toFixed(2),
            "warm ratio": (at("this", 1) / at("baseline", 1)).toFixed(2),
          }),
        };
      }),
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the end`,
    );
  } finally {
    sim.kill();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
