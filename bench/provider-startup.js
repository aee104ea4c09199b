#!/usr/bin/env node
// Provider start-up time: process start to go-plugin handshake line, from a single esbuild bundle,
// against a bare `node -e 0` on the same machine. Product bar (ARCHITECTURE.md §8): median ratio <= 3.
// Also the provider process's CPU (user + system) by its handshake, the figure terraform pays 3 to 5 times
// per command. The artifact's code cache (src/provider-package/code-cache.ts) goes into a temporary
// APPMGMT_CACHE_DIR, written by the warm-up run. With --baseline DIR (another checkout, with its
// node_modules), its artifact, bundled by its own scripts/bundle-provider.js, runs in the same rounds,
// interleaved, and both are printed side by side.
//
//   node bench/provider-startup.js [runs] [--baseline DIR]     (default 20 runs of each, interleaved)
"use strict";
require("./usage").helpOnRequest(__filename);

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");
const { handshakeCost } = require("./provider-process");
const esbuild = require("esbuild");
const { bundleProvider } = require("../scripts/bundle-provider");

const ROOT = path.join(__dirname, "..");
const BAR = 3;
const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/**
 * The provider artifact as `npm run build` makes it (its /bin/sh launcher included) in the checkout at
 * `root`, written into `dir`.
 * @param {string} root
 * @param {string} dir
 * @param {string} name
 */
async function artifact(root, dir, name) {
  /** @type {typeof import("../scripts/bundle-provider")} */
  const bundler =
    root === ROOT ? { bundleProvider } : require(path.join(root, "scripts", "bundle-provider.js"));
  const outfile = path.join(dir, name, "terraform-provider-appmgmt");
  fs.mkdirSync(path.dirname(outfile));
  fs.writeFileSync(outfile, await bundler.bundleProvider(), { mode: 0o755 });
  return outfile;
}

/**
 * terraform always sends a client certificate (AutoMTLS), so the measured start includes TLS set-up.
 * @param {string} dir
 * @returns {string}
 */
function clientCertificate(dir) {
  const outfile = path.join(dir, "certificate.js");
  esbuild.buildSync({
    entryPoints: [path.join(ROOT, "src", "protocol", "certificate.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    outfile,
    logLevel: "warning",
  });
  /** @type {typeof import("../src/protocol/certificate")} */
  const certificate = require(outfile);
  return certificate.createServerCertificate().certPem;
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function timeBareNode(env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ["-e", "0"], { env, stdio: "ignore" });
    child.on("exit", (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - start) / 1e6)
        : reject(new Error(`node -e 0 exited ${code}`)),
    );
  });
}

/** @param {number[]} xs */
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const { values, positionals } = parseArgs({
    options: { baseline: { type: "string" } },
    allowPositionals: true,
  });
  const runs = Number(positionals[0]) || 20;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-startup-"));
  try {
    /** @type {[string, string][]} */
    const trees = [["this tree", ROOT]];
    if (values.baseline) trees.push(["baseline", path.resolve(values.baseline)]);
    const files = await Promise.all(trees.map(([, root], i) => artifact(root, dir, `tree-${i}`)));
    // Both get this machine's environment (NODE_EXTRA_CA_CERTS included, when set).
    const env = {
      ...process.env,
      APPMGMT_CACHE_DIR: path.join(dir, "cache"),
      TF_PLUGIN_MAGIC_COOKIE: COOKIE,
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
      PLUGIN_CLIENT_CERT: clientCertificate(dir),
    };
    /** @type {{ ms: number[], cpuMs: number[] }[]} */
    const provider = files.map(() => ({ ms: [], cpuMs: [] }));
    /** @type {number[]} */
    const bare = [];
    for (const file of files) await handshakeCost(file, env); // warm the file cache; write the code cache
    await timeBareNode(env);
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBareNode(env));
      for (const [j, file] of files.entries()) {
        const { ms, cpuMs } = await handshakeCost(file, env);
        provider[j].ms.push(ms);
        provider[j].cpuMs.push(cpuMs);
      }
    }
    const b = median(bare);
    const p = median(provider[0].ms);
    const ratio = p / b;
    console.log(
      `NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? "set" : "unset"}; ${runs} runs of each`,
    );
    console.log(`node -e 0 median:        ${b.toFixed(1)} ms`);
    for (const [j, [name, root]] of trees.entries()) {
      const size = (fs.statSync(files[j]).size / 1024).toFixed(0);
      console.log(`${name} (${root}, ${size} KiB):`);
      console.log(`  to handshake median:   ${median(provider[j].ms).toFixed(1)} ms`);
      console.log(
        `  CPU by handshake:      median ${median(provider[j].cpuMs).toFixed(0)} ms, mean ${mean(provider[j].cpuMs).toFixed(1)} ms`,
      );
    }
    if (provider.length === 2) {
      console.log(
        `CPU this tree / baseline: ${(median(provider[0].cpuMs) / median(provider[1].cpuMs)).toFixed(2)} (medians)`,
      );
    }
    console.log(
      `ratio to node -e 0:       ${ratio.toFixed(2)}  (bar: <= ${BAR}) ${ratio <= BAR ? "PASS" : "FAIL"}`,
    );
    process.exitCode = ratio <= BAR ? 0 : 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
