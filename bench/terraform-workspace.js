"use strict";
// What the terraform benchmarks share: a temp workspace whose terraform takes the freshly bundled provider
// from a filesystem mirror and talks to a given simulator, and a runner for terraform commands in it.
// Needs `npm run build` (it loads lib/).
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const { DEMO } = require("../lib/simulator");
const { bundleProvider } = require("../scripts/bundle-provider");
const {
  installProvider,
  filesystemMirrorCliConfig,
  requiredProvidersSnippet,
} = require("../lib/cli/install-provider");

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * @typedef {{ code: number | null, out: string }} TerraformRun
 * @typedef {Awaited<ReturnType<typeof createWorkspace>>} Workspace
 */

/**
 * Runs `terraform <args>`; resolves { code, out } (stdout and stderr interleaved) whatever the exit code.
 * @param {string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<TerraformRun>}
 */
function runTerraform(args, cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.TERRAFORM_BINARY_NAME || "terraform", args, { cwd, env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

/**
 * A working directory with `main.tf` = required_providers + `provider "appmgmt" {}` + `resourcesHcl`, its
 * own CLI config, token cache and APPMGMT_* pointing at `url` (the demo user's refresh token), initialised.
 * Options: `files` ({ name: text } written beside main.tf), `provider: false` (main.tf is `resourcesHcl`
 * alone, for terraform's built-in resources), `unminified: true` (the provider bundled without minifying, whose
 * module markers let a CPU profile name modules), `providerCode` (another provider script to install in its place).
 * Returns { work, env, providerFile (the executable terraform runs), terraform(args, extraEnv?) (rejects on a non-zero exit), run(args) ({ code, out }),
 * remove() }.
 * @param {string} url
 * @param {string} resourcesHcl
 * @param {{ files?: Record<string, string>, provider?: boolean, unminified?: boolean, providerCode?: string }} [options]
 */
async function createWorkspace(
  url,
  resourcesHcl,
  { files = {}, provider = true, unminified = false, providerCode } = {},
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-bench-"));
  try {
    const mirror = path.join(root, "mirror");
    // The JavaScript file, as the benches always measured (the executable: bench/provider-executable.js).
    const installed = await installProvider({ dir: mirror, script: true });
    // Before init, so the lock terraform writes matches the file it runs.
    const code = providerCode ?? (unminified ? await bundleProvider({ minify: false }) : undefined);
    if (code !== undefined) for (const file of installed.paths) fs.writeFileSync(file, code);
    const work = path.join(root, "work");
    fs.mkdirSync(work);
    fs.writeFileSync(path.join(root, "terraformrc"), filesystemMirrorCliConfig(mirror));
    const header = provider ? `${requiredProvidersSnippet()}\nprovider "appmgmt" {}\n\n` : "";
    fs.writeFileSync(path.join(work, "main.tf"), header + resourcesHcl);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(work, name), text);
    const env = { ...process.env };
    for (const k of Object.keys(env)) if (k.startsWith("TF_") || k.startsWith("APPMGMT_")) delete env[k];
    Object.assign(env, {
      TF_CLI_CONFIG_FILE: path.join(root, "terraformrc"),
      TF_IN_AUTOMATION: "1",
      CHECKPOINT_DISABLE: "1",
      APPMGMT_BASE_URL: url,
      APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
      APPMGMT_TOKEN_CACHE_DIR: path.join(root, "tokens"),
    });
    /** @type {(args: string[], extraEnv?: NodeJS.ProcessEnv) => Promise<TerraformRun>} */
    const run = (args, extraEnv = {}) => runTerraform(args, work, { ...env, ...extraEnv });
    /** @type {(args: string[], extraEnv?: NodeJS.ProcessEnv) => Promise<string>} */
    const terraform = async (args, extraEnv) => {
      const r = await run(args, extraEnv);
      if (r.code !== 0) throw new Error(`terraform ${args[0]} failed:\n${r.out}`);
      return r.out;
    };
    await terraform(["init", "-input=false", "-no-color"]);
    return {
      root,
      mirror,
      providerFile: installed.path,
      work,
      env,
      run,
      terraform,
      remove: () => fs.rmSync(root, { recursive: true, force: true }),
    };
  } catch (e) {
    fs.rmSync(root, { recursive: true, force: true });
    throw e;
  }
}

module.exports = { createWorkspace, seconds };
