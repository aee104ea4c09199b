"use strict";
// What the benches measure on the provider processes terraform starts: their peak resident memory (sampled
// from /proc while a command runs), from V8 CPU profiles of an unminified bundle where their CPU goes, and
// how long one takes to its handshake.
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const PROVIDER_EXECUTABLE = "terraform-provider-appmgmt";

/**
 * The kernel's high-water mark of a process's resident memory, in KiB (undefined once it has gone).
 * @param {string} pid
 */
function peakRssKib(pid) {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Pids of the provider processes terraform started in `workDir` (other terraform runs on the machine start
 * theirs elsewhere); each pid is looked at once (`seen`: pid -> whether it is one of ours).
 * @param {string} workDir
 * @param {Map<string, boolean>} seen
 */
function providerPids(workDir, seen) {
  /** @type {string[]} */
  const pids = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    if (!seen.has(name)) {
      try {
        const isProvider = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").includes(PROVIDER_EXECUTABLE);
        seen.set(name, isProvider && fs.readlinkSync(`/proc/${name}/cwd`) === workDir);
      } catch {
        continue; // exited meanwhile
      }
    }
    if (seen.get(name)) pids.push(name);
  }
  return pids;
}

/**
 * User + system CPU of a process so far, in ms (undefined once it has gone).
 * @param {string} pid
 */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}
/** USER_HZ, 100 on every Linux platform node runs on. */
const CLOCK_TICKS_PER_S = 100;

/**
 * Samples the provider processes running in `workDir` every `everyMs` until stop(), which returns { processes, peakMib, cpuMs }:
 * the largest RSS high-water mark and their CPU time summed, both as last seen (a process's last `everyMs`
 * may be missed). Linux only: elsewhere peakMib and cpuMs are NaN.
 * @param {string} workDir
 */
function watchProviderMemory(workDir, everyMs = 100) {
  /** @type {Map<string, number>} */
  const peaks = new Map();
  /** @type {Map<string, number>} */
  const cpu = new Map();
  /** @type {Map<string, boolean>} */
  const seen = new Map();
  const sample = () => {
    for (const pid of providerPids(workDir, seen)) {
      const kib = peakRssKib(pid);
      if (kib !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kib));
      const ms = cpuMs(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
  };
  const timer = fs.existsSync("/proc/self/status") ? setInterval(sample, everyMs) : undefined;
  return {
    stop() {
      if (timer) clearInterval(timer);
      const values = [...peaks.values()];
      return {
        processes: values.length,
        peakMib: values.length ? Math.max(...values) / 1024 : NaN,
        cpuMs: timer ? [...cpu.values()].reduce((a, b) => a + b, 0) : NaN,
      };
    },
  };
}

/**
 * Bundle line (0-based) -> the source module esbuild's `// src/x.ts` markers say it comes from.
 * @param {string} bundleFile
 * @returns {(line: number) => string}
 */
function moduleLines(bundleFile) {
  /** @type {[line: number, module: string][]} */
  const starts = [];
  fs.readFileSync(bundleFile, "utf8")
    .split("\n")
    .forEach((line, i) => {
      // esbuild names each module by its path from the bundling process's directory.
      // (scripts/bundle-provider.js bundles src/*.ts; a bundle of lib/*.js names the compiled files.)
      const m = /^\/\/ \S*?\b(node_modules|lib|src)\/(\S+)$/.exec(line);
      if (!m) return;
      const npm = /^((?:@[^/]+\/)?[^/]+)\//.exec(m[2]);
      if (m[1] === "node_modules") starts.push([i, `${npm ? npm[1] : m[2]} (npm)`]);
      else starts.push([i, `src/${m[2].replace(/\.js$/, ".ts")}`]);
    });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = "(bundle prelude)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/**
 * Where a profile frame's code lives: a source module of the bundle, node's own code, or V8's bookkeeping.
 * @param {import("node:inspector").Runtime.CallFrame} callFrame
 * @param {string} bundleFile
 * @param {(line: number) => string} moduleOf
 */
function frameModule(callFrame, bundleFile, moduleOf) {
  const { url, functionName } = callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.endsWith(path.basename(bundleFile))) return moduleOf(callFrame.lineNumber);
  const internal = /^node:internal\/([^/]+(?:\/[^/.]+)?)/.exec(url);
  return internal ? `node:${internal[1]}` : url;
}

/**
 * Sums the V8 CPU profiles in `dir` (all written by provider processes running `bundleFile`): CPU ms per
 * RPC (samples whose stack runs through a src/protocol/rpc/ handler; the others, e.g. code resumed after an
 * await, HTTP callbacks, start-up, go under the innermost of our modules on their stack, or the leaf's
 * module) and self CPU ms per module.
 * @param {string} dir
 * @param {string} bundleFile
 */
function summariseProfiles(dir, bundleFile) {
  const moduleOf = moduleLines(bundleFile);
  /** @type {Map<string, number>} */
  const byRpc = new Map();
  /** @type {Map<string, number>} */
  const byModule = new Map();
  /**
   * @param {Map<string, number>} map
   * @param {string} key
   * @param {number} ms
   */
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  let totalMs = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    /** @type {import("node:inspector").Profiler.Profile} */
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    /** @type {Map<number, number>} */
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    /** @typedef {{ module: string, rpc?: string, source?: string }} Place */
    /** @type {Map<number, Place>} */
    const place = new Map();
    /** @type {(id: number) => Place} */
    const placeOf = (id) => {
      let known = place.get(id);
      if (!known) {
        const n = nodes.get(id);
        if (!n) throw new Error(`${file}: a sample names node ${id}, which the profile does not have`);
        const module = frameModule(n.callFrame, bundleFile, moduleOf);
        const rpcFile = /^src\/protocol\/rpc\/(?!index)(.+)\.ts$/.exec(module)?.[1];
        const rpc = rpcFile?.replace(/(?:^|-)([a-z])/g, (_m, c) => c.toUpperCase());
        const parentId = parent.get(id);
        /** @type {Partial<Place>} */
        const up = parentId === undefined ? {} : placeOf(parentId);
        const ownSource = module.startsWith("src/") ? module : undefined;
        known = { module, rpc: rpc ?? up.rpc, source: ownSource ?? up.source };
        place.set(id, known);
      }
      return known;
    };
    (profile.samples ?? []).forEach((id, i) => {
      const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
      const { module, rpc, source } = placeOf(id);
      if (module === "(idle)") return;
      totalMs += ms;
      add(byRpc, rpc ?? `no RPC frame: ${source ?? module}`, ms);
      add(byModule, module, ms);
    });
  }
  /** @param {Map<string, number>} map */
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { totalMs, byRpc: sorted(byRpc), byModule: sorted(byModule) };
}

/**
 * RPC calls per method from the provider's `rpc done` debug lines in a terraform log.
 * @param {string} logFile
 */
function countRpcs(logFile) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const m of fs.readFileSync(logFile, "utf8").matchAll(/rpc done: .*?\brpc=([A-Za-z]+)/g))
    counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  return counts;
}

/**
 * ms from spawn to the first stdout line (the go-plugin handshake), and the process's CPU ms (user + system,
 * from /proc; NaN elsewhere) by then; then stops the provider and waits for its exit. Executed as terraform
 * does: the file itself (a script through its interpreter line, or an executable).
 * @param {string} script
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ ms: number, cpuMs: number }>}
 */
function handshakeCost(script, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(script, [], { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    /** @type {{ ms: number, cpuMs: number } | undefined} */
    let cost;
    child.stdout.on("data", (d) => {
      out += d;
      if (cost === undefined && out.includes("\n")) {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        // The launcher execs node, so the pid is node's.
        cost = { ms, cpuMs: child.pid === undefined ? NaN : (cpuMs(String(child.pid)) ?? NaN) };
        if (!/^1\|6\|unix\|/.test(out)) reject(new Error(`unexpected handshake: ${out}`));
        child.kill("SIGTERM");
      }
    });
    child.on("exit", (code) =>
      cost === undefined ? reject(new Error(`${script} exited ${code} before the handshake`)) : resolve(cost),
    );
  });
}

/**
 * ms from spawn to the handshake (handshakeCost without the CPU).
 * @param {string} script
 * @param {NodeJS.ProcessEnv} env
 */
async function timeHandshake(script, env) {
  return (await handshakeCost(script, env)).ms;
}

module.exports = {
  watchProviderMemory,
  summariseProfiles,
  countRpcs,
  timeHandshake,
  handshakeCost,
  cpuMs,
  PROVIDER_EXECUTABLE,
};
