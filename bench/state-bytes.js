#!/usr/bin/env node
// Benchmark (issue 38): the bytes each appmgmt_instance writes into terraform's state, and what they cost
// terraform's own CPU, side by side with terraform's built-in `terraform_data` carrying the same configured
// values. terraform's local backend rewrites the whole state after every resource change, so the apply and
// destroy of many instances follow N x (bytes per instance). For each variant one run applies N of each kind
// (the two kinds one after the other, against one simulator with 0 ms workflows, the provider installed as
// `install-provider --script` installs it), prints the state bytes per instance, then destroys both.
//
//   node bench/state-bytes.js [N=150] [PARALLELISM=50] [--variants submodule,plain,secrets,return-values]
//
// Variants: `submodule` (webshop, one submodule `db` configured), `plain` (postgres, no submodule), `secrets`
// (submodule + a write-only secret parameter and its version), `return-values` (submodule + a return value
// named in `sensitive_return_values`). Per variant: bytes per instance (the state file / N) of each kind, the
// apply and destroy times of each and their ratios, and the first instance's attributes by bytes (where the
// state's bytes go). APPMGMT_BENCH_PROVIDER_DIR=<another built checkout> runs that tree's provider instead
// (its scripts/bundle-provider.js), so a before/after is two runs of this one script. Needs `npm run build`;
// prints the load average, since the ratios only mean something on a quiet machine.
"use strict";
require("./usage").helpOnRequest(__filename);
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");
const { startSimulator, demoSeed, DEMO } = require("../lib/simulator");
const { createWorkspace, seconds } = require("./terraform-workspace");

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { variants: { type: "string", default: "submodule,plain,secrets,return-values" } },
});
const N = Number(positionals[0] ?? 150);
const PARALLELISM = Number(positionals[1] ?? 50);
const PROVIDER_DIR = process.env.APPMGMT_BENCH_PROVIDER_DIR;

const SUBMODULE = `application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "bench-\${count.index}"
  parameters     = { "input.app-fork" = "release-\${count.index % 7}", "input.db-size" = "small" }
  submodules     = { db = { parameters = { "input.engine" = "postgres-16" } } }`;
/** Per variant: the configured values both kinds carry, and what only the instance gets (write-only values). */
const VARIANTS = {
  submodule: { configured: SUBMODULE, instanceOnly: "" },
  plain: {
    configured: `application_id = "${DEMO.postgresApplicationId}"
  instance_name  = "bench-\${count.index}"
  parameters     = { "input.engine" = "postgres-\${count.index % 7}", "input.size" = "small" }`,
    instanceOnly: "",
  },
  secrets: {
    configured: `${SUBMODULE}
  secret_parameters_version = 1`,
    instanceOnly: `secret_parameters = { "input.replicas" = "3" }`,
  },
  "return-values": {
    configured: `${SUBMODULE}
  sensitive_return_values = ["url"]`,
    instanceOnly: "",
  },
};

/** @param {{ configured: string, instanceOnly: string }} v */
const appmgmtHcl = (v) => `resource "appmgmt_instance" "bench" {
  count = ${N}
  ${v.configured}
  ${v.instanceOnly}
}
`;
/** @param {{ configured: string }} v */
const builtinHcl = (v) => `resource "terraform_data" "bench" {
  count = ${N}
  triggers_replace = {
    ${v.configured.replaceAll("\n  ", "\n    ")}
  }
}
`;

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * @param {import("./terraform-workspace").Workspace} ws
 * @param {string[]} args
 */
async function timed(ws, args) {
  const start = performance.now();
  await ws.terraform([...args, "-input=false", "-no-color", `-parallelism=${PARALLELISM}`]);
  return performance.now() - start;
}

/**
 * Each attribute of the first instance with the bytes terraform writes for it, the largest first.
 * @param {{ resources: { instances: { attributes: Record<string, unknown>, [k: string]: unknown }[] }[] }} state
 */
function attributeBytes(state) {
  const instance = state.resources[0].instances[0];
  /** @type {(v: unknown, depth: number) => number} */
  const indentBytes = (v, depth) =>
    Buffer.byteLength(JSON.stringify(v, null, 2).replaceAll("\n", `\n${" ".repeat(depth)}`));
  /** @type {[string, number][]} */
  const rows = Object.entries(instance.attributes).map(([k, v]) => [
    k,
    12 + k.length + 5 + indentBytes(v, 12),
  ]);
  for (const k of ["sensitive_attributes", "private"])
    if (k in instance) rows.push([`(${k})`, 10 + k.length + 5 + indentBytes(instance[k], 10)]);
  return rows.sort((a, b) => b[1] - a[1]);
}

/**
 * @param {string} name
 * @param {{ appmgmt: import("./terraform-workspace").Workspace, data: import("./terraform-workspace").Workspace }} ws
 * @param {string} header main.tf's provider blocks
 */
async function runVariant(name, ws, header) {
  const v = VARIANTS[/** @type {keyof typeof VARIANTS} */ (name)];
  if (!v) throw new Error(`unknown variant ${name}; variants are ${Object.keys(VARIANTS).join(", ")}`);
  fs.writeFileSync(path.join(ws.appmgmt.work, "main.tf"), header + appmgmtHcl(v));
  fs.writeFileSync(path.join(ws.data.work, "main.tf"), builtinHcl(v));
  const applyAppmgmt = await timed(ws.appmgmt, ["apply", "-auto-approve"]);
  const apply = { appmgmt: applyAppmgmt, data: await timed(ws.data, ["apply", "-auto-approve"]) };
  const stateFile = (/** @type {{ work: string }} */ w) => path.join(w.work, "terraform.tfstate");
  const bytes = {
    appmgmt: fs.statSync(stateFile(ws.appmgmt)).size / N,
    data: fs.statSync(stateFile(ws.data)).size / N,
  };
  const attributes = attributeBytes(JSON.parse(fs.readFileSync(stateFile(ws.appmgmt), "utf8")));
  const destroyAppmgmt = await timed(ws.appmgmt, ["destroy", "-auto-approve"]);
  const destroy = { appmgmt: destroyAppmgmt, data: await timed(ws.data, ["destroy", "-auto-approve"]) };
  console.log(`  ${name}: done (load ${loadavg()})`);
  return {
    row: {
      variant: name,
      "bytes/instance (appmgmt / data)": `${bytes.appmgmt.toFixed(0)} / ${bytes.data.toFixed(0)}`,
      "apply (appmgmt / data)": `${seconds(apply.appmgmt)} / ${seconds(apply.data)}`,
      "apply ratio": `${(apply.appmgmt / apply.data).toFixed(2)}x`,
      "destroy (appmgmt / data)": `${seconds(destroy.appmgmt)} / ${seconds(destroy.data)}`,
      "destroy ratio": `${(destroy.appmgmt / destroy.data).toFixed(2)}x`,
    },
    attributes,
  };
}

async function main() {
  const server = await startSimulator({
    seed: demoSeed(),
    host: "127.0.0.1",
    port: 0,
    timing: { launchMs: 0, reconfigureMs: 0, destroyMs: 0 },
  });
  /** @type {import("./terraform-workspace").Workspace[]} */
  const made = [];
  try {
    console.log(`${os.cpus().length} cores, load average ${loadavg()} (1, 5, 15 min) at the start`);
    console.log(
      `${N} instances per kind, -parallelism=${PARALLELISM}, provider from ${PROVIDER_DIR ?? "this tree"}`,
    );
    let providerCode;
    if (PROVIDER_DIR) {
      /** @type {{ bundleProvider: () => Promise<string> }} */
      const other = require(path.resolve(PROVIDER_DIR, "scripts", "bundle-provider.js"));
      providerCode = await other.bundleProvider();
    }
    const appmgmt = await createWorkspace(server.url, "", { providerCode });
    made.push(appmgmt);
    const header = fs.readFileSync(path.join(appmgmt.work, "main.tf"), "utf8");
    const data = await createWorkspace(server.url, "", { provider: false });
    made.push(data);
    const results = [];
    for (const name of flags.variants.split(","))
      results.push(await runVariant(name, { appmgmt, data }, header));
    console.table(results.map((r) => r.row));
    for (const [i, r] of results.entries()) {
      console.log(`${r.row.variant}: the first instance's attributes by bytes in the state`);
      console.log(results[i].attributes.map(([k, b]) => `  ${String(b).padStart(5)}  ${k}`).join("\n"));
    }
    console.log(`load average ${loadavg()} (1, 5, 15 min) at the end`);
  } finally {
    for (const w of made) w.remove();
    await server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
