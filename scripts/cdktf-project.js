// Runs the real cdktf CLI (or cdktn-cli, its maintained fork, which reads the same cdktf.json and
// environment) on one of the examples in a throw-away project directory: cdktf.json, the synthesized
// output and the local state all land there, never in the checkout. Used by scripts/quickstart.js
// and the e2e tests.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const CDKTF = path.join(ROOT, "node_modules", ".bin", "cdktf");
const CDKTN = path.join(ROOT, "node_modules", ".bin", "cdktn");

/**
 * A shell word (cdktf runs `app` through the shell).
 * @param {string} word
 */
function shellQuote(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes `dir`/cdktf.json whose app runs the TypeScript file `appFile` (no build needed) with `node`,
 * by default this one.
 * @param {string} dir
 * @param {string} appFile
 * @param {{ node?: string }} [options]
 */
function createCdktfProject(dir, appFile, { node = process.execPath } = {}) {
  const app = [node, "-r", path.join(__dirname, "register-ts.js"), path.resolve(appFile)]
    .map(shellQuote)
    .join(" ");
  const config = {
    language: "typescript",
    app,
    sendCrashReports: "false",
    terraformProviders: [],
    context: {},
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "cdktf.json"), `${JSON.stringify(config, null, 2)}\n`);
}

/**
 * The environment for the cdktf CLI: the caller's, minus its TF_* and APPMGMT_* settings (TF_LOG and
 * TF_LOG_PATH kept for debugging), offline and prompt-free, terraform's CLI config from
 * `cliConfigFile`, plus `extra` (APPMGMT_BASE_URL, credentials, example inputs).
 * @param {{ cliConfigFile: string, extra?: NodeJS.ProcessEnv }} options
 * @returns {NodeJS.ProcessEnv}
 */
function cdktfEnv({ cliConfigFile, extra = {} }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    const dropped =
      (key.startsWith("TF_") || key.startsWith("APPMGMT_")) && key !== "TF_LOG" && key !== "TF_LOG_PATH";
    if (!dropped) env[key] = value;
  }
  return {
    ...env,
    CHECKPOINT_DISABLE: "1",
    CI: "1",
    // Otherwise cdktf points TF_PLUGIN_CACHE_DIR at a cache under the home directory.
    CDKTF_DISABLE_PLUGIN_CACHE_ENV: "1",
    FORCE_COLOR: "0",
    TF_CLI_CONFIG_FILE: cliConfigFile,
    TF_IN_AUTOMATION: "1",
    ...extra,
  };
}

/**
 * Runs `cdktf <args>` in `cwd`; resolves { code, output } (stdout and stderr interleaved) whatever the
 * exit code. `onOutput` sees the output as it arrives. `cli` is the command line before `args`, e.g.
 * [node22, CDKTN] for cdktn-cli on a given node.
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, onOutput?: (chunk: string) => void, cli?: string[] }} options
 * @returns {Promise<{ code: number, signal: NodeJS.Signals | null, output: string }>}
 */
function runCdktf(args, { cwd, env, onOutput = () => {}, cli = [CDKTF] }) {
  const [command, ...cliArgs] = cli;
  const name = path.basename(cli[cli.length - 1]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...cliArgs, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    /** @param {string} chunk */
    const collect = (chunk) => {
      output += chunk;
      onOutput(chunk);
    };
    child.stdout.setEncoding("utf8").on("data", collect);
    child.stderr.setEncoding("utf8").on("data", collect);
    child.on("error", (/** @type {NodeJS.ErrnoException} */ err) =>
      reject(
        err.code === "ENOENT" ? new Error(`${name} not found at ${command}: run \`npm install\` first`) : err,
      ),
    );
    child.on("close", (code, signal) => resolve({ code: code ?? 1, signal, output }));
  });
}

module.exports = { ROOT, CDKTF, CDKTN, createCdktfProject, cdktfEnv, runCdktf };
