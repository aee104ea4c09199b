#!/usr/bin/env node
// `npm run quickstart`: the whole cdktf workflow against the embedded simulator, with nothing to set up.
// Starts the simulator (demo data) in this process, installs the provider into a temporary filesystem
// mirror, then runs the real cdktf CLI and terraform on examples/quickstart: synth, diff, deploy,
// a parameter change (diff shows an in-place update, deploy reconfigures), destroy. After each deploy
// it shows the instances as the service sees them and checks them. Exits non-zero on any failure and
// leaves nothing running and no files behind.
"use strict";

process.env.CHECKPOINT_DISABLE = "1";
require("./register-ts");

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { createCdktfProject, cdktfEnv, runCdktf, ROOT } = require("./cdktf-project");
const { startSimulator, DEMO } = require("../src/simulator");
const { AppMgmtClient } = require("../src/client");
const { installProvider, filesystemMirrorCliConfig } = require("../src/cli/install-provider");

const EXAMPLE = path.join(ROOT, "examples", "quickstart", "main.ts");
const INSTANCE_NAME = "quickstart-webshop";
const FIRST_FORK = "release-1";
const SECOND_FORK = "release-2";
const STEPS = 8;

let step = 0;
/** @param {string} text */
function heading(text) {
  step += 1;
  console.log(`\n[${step}/${STEPS}] ${text}`);
}
/** @param {string} text */
const note = (text) => console.log(`      ${text}`);

class QuickstartError extends Error {}

// Ctrl-C reaches the cdktf child too; let it stop, then clean up in main's finally instead of dying here.
let interrupted = false;
process.on("SIGINT", () => {
  interrupted = true;
  console.error("\ninterrupted: stopping and cleaning up");
});

function checkTerraform() {
  const binary = process.env.TERRAFORM_BINARY_NAME || "terraform";
  const run = spawnSync(binary, ["version", "-json"], { encoding: "utf8" });
  if (run.error || run.status !== 0) {
    throw new QuickstartError(
      `cannot run "${binary}": the quickstart needs Terraform >= 1.11 on PATH (or TERRAFORM_BINARY_NAME=tofu)`,
    );
  }
  return `${binary} ${JSON.parse(run.stdout).terraform_version}`;
}

/**
 * @typedef {{ projectDir: string, cliConfigFile: string, serviceEnv: NodeJS.ProcessEnv }} Context
 */

/**
 * Runs one cdktf command, its output indented under the step; throws when it fails.
 * @param {string[]} args
 * @param {Context} ctx
 * @param {NodeJS.ProcessEnv} [extraEnv]
 */
async function cdktf(args, ctx, extraEnv = {}) {
  if (interrupted) throw new QuickstartError("interrupted");
  note(`$ cdktf ${args.join(" ")}`);
  let pending = "";
  /** @param {string} chunk */
  const print = (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") console.log(`      │ ${line}`);
  };
  const env = cdktfEnv({ cliConfigFile: ctx.cliConfigFile, extra: { ...ctx.serviceEnv, ...extraEnv } });
  const run = await runCdktf(args, { cwd: ctx.projectDir, env, onOutput: print });
  if (pending.trim() !== "") console.log(`      │ ${pending}`);
  if (interrupted) throw new QuickstartError("interrupted");
  if (run.code !== 0)
    throw new QuickstartError(`cdktf ${args[0]} failed (exit code ${run.code}); its output is above`);
  return run.output;
}

/**
 * Prints the quickstart instance as the service reports it and returns its status.
 * @param {import("../src/client").AppMgmtClient} client
 */
async function showInstance(client) {
  const summaries = await client.listInstances(DEMO.defaultEnvironmentId);
  const summary = summaries.find((i) => i.name === INSTANCE_NAME);
  if (!summary) throw new QuickstartError(`the service has no instance named ${INSTANCE_NAME}`);
  const s = await client.getInstance(summary.id);
  note(`the service reports instance ${s.name} (${s.id}): ${s.status}, manifest version ${s.version}`);
  for (const [name, value] of Object.entries(s.parameters)) note(`  parameters['${name}'] = ${value}`);
  for (const [name, sub] of Object.entries(s.submodules ?? {}))
    for (const [key, value] of Object.entries(sub.parameters))
      note(`  submodules.${name}.parameters['${key}'] = ${value}`);
  return s;
}

/**
 * @param {boolean} condition
 * @param {string} message
 * @returns {asserts condition}
 */
function expect(condition, message) {
  if (!condition) throw new QuickstartError(message);
}

async function main() {
  console.log("appmgmt quickstart: cdktf + terraform against the embedded Application Management simulator");
  const terraform = checkTerraform();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-quickstart-"));
  let server;
  let client;
  try {
    heading("starting the simulator (demo data)");
    server = await startSimulator({ host: "127.0.0.1", port: 0 });
    client = new AppMgmtClient({ baseUrl: server.url, email: DEMO.email, password: DEMO.password });
    note(`listening on ${server.url}`);

    heading(`installing the provider into a temporary filesystem mirror (for ${terraform})`);
    const mirror = path.join(tmp, "mirror");
    // The JavaScript file (0.1 s) rather than this machine's executable (about 5 s): the quickstart runs
    // terraform here, with node on its PATH.
    await installProvider({ dir: mirror, log: note, script: true });
    const ctx = {
      projectDir: path.join(tmp, "project"),
      cliConfigFile: path.join(tmp, "terraformrc"),
      serviceEnv: {
        APPMGMT_BASE_URL: server.url,
        APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
        APPMGMT_TOKEN_CACHE_DIR: path.join(tmp, "tokens"),
      },
    };
    fs.writeFileSync(ctx.cliConfigFile, `${filesystemMirrorCliConfig(mirror)}\n`);
    createCdktfProject(ctx.projectDir, EXAMPLE);
    const first = { QUICKSTART_APP_FORK: FIRST_FORK };
    const second = { QUICKSTART_APP_FORK: SECOND_FORK };

    heading("synth: examples/quickstart/main.ts -> Terraform JSON (the binding rules run here)");
    await cdktf(["synth"], ctx, first);

    heading("diff: what a deploy would do");
    await cdktf(["diff"], ctx, first);

    heading("deploy");
    await cdktf(["deploy", "--auto-approve"], ctx, first);
    const launched = await showInstance(client);
    expect(
      launched.status === "Running",
      `expected the instance to be Running, the service says ${launched.status}`,
    );
    expect(launched.parameters["input.app-fork"] === FIRST_FORK, `expected input.app-fork = ${FIRST_FORK}`);

    heading(`diff after changing input.app-fork to ${SECOND_FORK}: an in-place update`);
    const diff = await cdktf(["diff"], ctx, second);
    expect(/1 to change, 0 to destroy/.test(diff), "expected the diff to update the instance in place");

    heading("deploy the change: the instance is reconfigured, not replaced");
    await cdktf(["deploy", "--auto-approve"], ctx, second);
    const reconfigured = await showInstance(client);
    expect(reconfigured.id === launched.id, "expected the same instance (reconfigured), got a new one");
    expect(
      reconfigured.parameters["input.app-fork"] === SECOND_FORK,
      `expected input.app-fork = ${SECOND_FORK}`,
    );

    heading("destroy");
    await cdktf(["destroy", "--auto-approve"], ctx, second);
    const destroyed = await client.getInstance(launched.id);
    note(`the service reports instance ${destroyed.name}: ${destroyed.status}`);
    expect(
      destroyed.status === "Destroyed",
      `expected the instance to be Destroyed, the service says ${destroyed.status}`,
    );

    console.log("\nquickstart finished: synth, diff, deploy, in-place update and destroy all worked.");
    console.log(
      "Next: read examples/quickstart/main.ts, and README.md for using the provider with your service.",
    );
  } finally {
    await client?.close();
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Success ends by itself once everything is closed (so a leftover server or child would show up as a
// hang in the e2e test); a failure exits at once.
main().catch((err) => {
  console.error(`\nquickstart failed: ${err instanceof QuickstartError ? err.message : err.stack || err}`);
  process.exit(1);
});
