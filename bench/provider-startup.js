#!/usr/bin/env node
// Provider start-up time: process start to go-plugin handshake line, from a single esbuild bundle,
// against a bare `node -e 0` on the same machine. Product bar (ARCHITECTURE.md §8): median ratio <= 3.
//
//   node bench/provider-startup.js [runs]     (default 20 runs of each, interleaved)
"use strict";
require("./usage").helpOnRequest(__filename);

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { timeHandshake } = require("./provider-process");
const esbuild = require("esbuild");
const { bundleProvider } = require("../scripts/bundle-provider");

const ROOT = path.join(__dirname, "..");
const BAR = 3;
const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/**
 * The provider artifact as `npm run build` makes it (its /bin/sh launcher included), written into `dir`.
 * @param {string} dir
 */
async function artifact(dir) {
  const outfile = path.join(dir, "terraform-provider-appmgmt");
  fs.writeFileSync(outfile, await bundleProvider(), { mode: 0o755 });
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
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const runs = Number(process.argv[2]) || 20;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-startup-"));
  try {
    const outfile = await artifact(dir);
    // Both get this machine's environment (NODE_EXTRA_CA_CERTS included, when set).
    const env = {
      ...process.env,
      TF_PLUGIN_MAGIC_COOKIE: COOKIE,
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
      PLUGIN_CLIENT_CERT: clientCertificate(dir),
    };
    /** @type {number[]} */
    const provider = [];
    /** @type {number[]} */
    const bare = [];
    await timeHandshake(outfile, env); // warm the file cache
    await timeBareNode(env);
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBareNode(env));
      provider.push(await timeHandshake(outfile, env));
    }
    const p = median(provider);
    const b = median(bare);
    const ratio = p / b;
    console.log(
      `provider:              the built artifact (${(fs.statSync(outfile).size / 1024).toFixed(0)} KiB), NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? "set" : "unset"}`,
    );
    console.log(`node -e 0 median:      ${b.toFixed(1)} ms  (${runs} runs)`);
    console.log(`provider to handshake: ${p.toFixed(1)} ms  (${runs} runs)`);
    console.log(
      `ratio:                 ${ratio.toFixed(2)}  (bar: <= ${BAR}) ${ratio <= BAR ? "PASS" : "FAIL"}`,
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
