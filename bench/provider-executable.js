#!/usr/bin/env node
// The provider executables (single executable applications, src/cli/sea.ts) against the JavaScript
// provider, side by side in one run: the size of each platform's executable and release zip, and the
// start-up (process start to go-plugin handshake line) of this machine's executable and of the script,
// against a bare `node -e 0` of this node and of the executables' Node. Bar (ARCHITECTURE.md §8): median
// handshake <= 3x a bare `node -e 0`, for the executable too. Needs `npm run build` first; the Node
// binaries come from the cache `appmgmt package` uses (fetched once).
//
//   node bench/provider-executable.js [runs]     (default 20 runs of each, interleaved)
"use strict";
require("./usage").helpOnRequest(__filename);

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { timeHandshake } = require("./provider-process");

const BAR = 3;
const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const PLATFORMS = /** @type {const} */ (["linux_amd64", "linux_arm64", "windows_amd64"]);

/** @type {typeof import("../lib/cli/sea")} */
const sea = require("../lib/cli/sea");
/** @type {typeof import("../lib/cli/node-binary")} */
const nodeBinary = require("../lib/cli/node-binary");
/** @type {typeof import("../lib/cli/package")} */
const pkg = require("../lib/cli/package");
/** @type {typeof import("../lib/provider-package/provider-artifact")} */
const artifactModule = require("../lib/provider-package/provider-artifact");
/** @type {typeof import("../lib/protocol/certificate")} */
const certificate = require("../lib/protocol/certificate");

/**
 * ms for `node -e 0` with the given node binary.
 * @param {string} node
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function timeBareNode(node, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(node, ["-e", "0"], { env, stdio: "ignore" });
    child.on("exit", (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - start) / 1e6)
        : reject(new Error(`node exited ${code}`)),
    );
  });
}

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** @param {number} bytes */
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const runs = Number(process.argv[2]) || 20;
  const host = nodeBinary.hostPlatform();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-executable-"));
  try {
    const artifact = artifactModule.readArtifact();
    const script = path.join(dir, "terraform-provider-appmgmt.js");
    fs.writeFileSync(script, artifact, { mode: 0o755 });
    console.log("size                 file          release zip");
    console.log(
      `script (all but windows) ${mb(artifact.length).padStart(9)}  ${mb(pkg.releaseZip(artifact).length).padStart(9)}`,
    );
    /** @type {string | undefined} */
    let hostExecutable;
    for (const platform of PLATFORMS) {
      const bytes = sea.buildExecutable(platform, artifact, { hostPlatform: host });
      const zip = pkg.releaseZip(bytes, artifactModule.executableFileName(platform));
      console.log(`${platform.padEnd(24)} ${mb(bytes.length).padStart(9)}  ${mb(zip.length).padStart(9)}`);
      if (platform === host) {
        hostExecutable = path.join(dir, "terraform-provider-appmgmt");
        fs.writeFileSync(hostExecutable, bytes, { mode: 0o755 });
      }
    }
    if (!hostExecutable) {
      console.log(`no executable for this machine (${host}): start-up not measured`);
      return;
    }

    const env = {
      ...process.env,
      TF_PLUGIN_MAGIC_COOKIE: COOKIE,
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
      PLUGIN_CLIENT_CERT: certificate.createServerCertificate().certPem,
    };
    const seaNode = nodeBinary.hostNodeBinary(host);
    /** @type {Record<string, number[]>} */
    const times = { bare: [], bareSea: [], script: [], executable: [] };
    await timeHandshake(hostExecutable, env); // warm the file cache
    await timeHandshake(script, env);
    for (let i = 0; i < runs; i++) {
      times.bare.push(await timeBareNode(process.execPath, env));
      times.bareSea.push(await timeBareNode(seaNode, env));
      times.script.push(await timeHandshake(script, env));
      times.executable.push(await timeHandshake(hostExecutable, env));
    }
    const bare = median(times.bare);
    const bareSea = median(times.bareSea);
    const s = median(times.script);
    const e = median(times.executable);
    console.log(
      `\nstart-up to handshake, median of ${runs} (NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? "set" : "unset"})`,
    );
    console.log(`node -e 0 (${process.version}):         ${bare.toFixed(1)} ms`);
    console.log(`node -e 0 (v${nodeBinary.SEA_NODE_VERSION}, the executables'): ${bareSea.toFixed(1)} ms`);
    console.log(
      `script provider (sh + node ${process.version}): ${s.toFixed(1)} ms  ratio ${(s / bare).toFixed(2)}`,
    );
    console.log(
      `${host} executable:            ${e.toFixed(1)} ms  ratio ${(e / bare).toFixed(2)} (to this node), ${(e / bareSea).toFixed(2)} (to its own)`,
    );
    const ok = e / bare <= BAR && s / bare <= BAR;
    console.log(`bar: <= ${BAR}x node -e 0 ${ok ? "PASS" : "FAIL"}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
