#!/usr/bin/env node
// The provider's CPU per call, terraform's side left out: the floor provider (bench/floor-provider.js:
// appmgmt's schema and plugin stack, handlers that do no work) bundled as the real one, started as terraform
// starts it (mutual TLS), answers the 4 calls a plan with refresh makes per instance (UpgradeResourceState,
// ReadResource, ValidateResourceConfig, PlanResourceChange) for a filled appmgmt_instance, 10 at a time as at
// terraform's default parallelism. Its user + system CPU (from /proc) over the calls, divided by their number,
// is the figure: TLS, HTTP/2, gRPC framing, protobuf, msgpack and the RPC engine. With --baseline DIR (another
// checkout, built, e.g. main's), the same provider from there runs in the same rounds, interleaved, and the
// ratio is printed: the bar is this tree within 1.05x of the baseline (ARCHITECTURE.md §8). The state sent is a
// full appmgmt_instance of this tree's schema; --state-from baseline builds it from the baseline's schema
// instead, so both stacks handle the same bytes: when the schema has grown since the baseline, that separates
// the stack's cost from the cost of the larger state (each provider ignores what its schema does not hold).
// The client (grpc-js, messages from src/protocol/proto/) runs in this process; Linux only (/proc).
//
//   node bench/provider-calls.js [--instances 2000] [--rounds 5] [--baseline DIR [--state-from baseline]]
"use strict";
require("./usage").helpOnRequest(__filename);
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");
const { cpuMs } = require("./provider-process");
const { PROTO_DIR, PROTO_FILES } = require("../scripts/generate-protocol");

const ROOT = path.join(__dirname, "..");
const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const PARALLELISM = 10;
const BAR = 1.05;
const TYPE = "appmgmt_instance";

/** @type {typeof import("../lib/protocol/certificate")} */
const { createServerCertificate } = require("../lib/protocol/certificate");

/**
 * A full appmgmt_instance state (JSON and msgpack) of the schema of the checkout at `root` (built).
 * @param {string} root
 */
function sampleState(root) {
  /** @type {typeof import("../lib/protocol/values/msgpack")} */
  const { encodeMsgpack } = require(path.join(root, "lib/protocol/values/msgpack"));
  /** @type {typeof import("../lib/protocol/values/types")} */
  const { impliedType } = require(path.join(root, "lib/protocol/values/types"));
  /** @type {typeof import("../lib/provider/catalog")} */
  const { providerSchemas } = require(path.join(root, "lib/provider/catalog"));
  const type = impliedType(providerSchemas.resources[TYPE].block);
  const value = sampleValue(type);
  return { json: Buffer.from(JSON.stringify(value)), msgpack: encodeMsgpack(value, type) };
}

/**
 * A value of `type` with every attribute set and every collection of two elements: a full state.
 * @param {any} type
 * @param {number} depth
 * @returns {any}
 */
function sampleValue(type, depth = 0) {
  if (type === "string" || type === "dynamic") return `value-${depth}`;
  if (type === "number") return 42 + depth;
  if (type === "bool") return true;
  const [kind, arg] = type;
  if (kind === "object") {
    return Object.fromEntries(Object.entries(arg).map(([k, t]) => [k, sampleValue(t, depth + 1)]));
  }
  if (kind === "tuple") return arg.map((/** @type {any} */ t) => sampleValue(t, depth + 1));
  if (kind === "map") return { a: sampleValue(arg, depth + 1), b: sampleValue(arg, depth + 1) };
  // list and set: two distinct elements
  const first = sampleValue(arg, depth + 1);
  const second = sampleValue(arg, depth + 2);
  return JSON.stringify(first) === JSON.stringify(second) ? [first] : [first, second];
}

/**
 * Bundles the floor provider of the checkout at `root` (built: it bundles from lib/) into `dir`.
 * @param {string} root
 * @param {string} dir
 * @param {string} name
 */
async function floorArtifact(root, dir, name) {
  /** @type {typeof import("../scripts/bundle-provider")} */
  const { bundleProvider } = require(path.join(root, "scripts", "bundle-provider"));
  const outfile = path.join(dir, name);
  fs.writeFileSync(outfile, await bundleProvider({ entry: path.join(root, "bench", "floor-provider.js") }), {
    mode: 0o755,
  });
  return outfile;
}

/**
 * Starts `artifact` as terraform does and connects a client to it.
 * @param {string} artifact
 * @param {{ keyPem: string, certPem: string }} clientCert
 */
function start(artifact, clientCert) {
  const env = {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: COOKIE,
    PLUGIN_PROTOCOL_VERSIONS: "6",
    PLUGIN_CLIENT_CERT: clientCert.certPem,
  };
  const child = spawn(artifact, [], { env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("exit", (code) => reject(new Error(`${artifact} exited ${code} before its handshake`)));
    child.stdout.on("data", (d) => {
      out += d;
      if (!out.includes("\n")) return;
      const [, , , socketPath, , certB64] = out.trim().split("|");
      // The handshake drops the base64 padding; PEM wants it back.
      const der = Buffer.from(certB64, "base64").toString("base64");
      const certPem = `-----BEGIN CERTIFICATE-----\n${der.replace(/.{1,64}/g, "$&\n")}-----END CERTIFICATE-----\n`;
      const creds = grpc.credentials.createSsl(
        Buffer.from(certPem),
        Buffer.from(clientCert.keyPem),
        Buffer.from(clientCert.certPem),
      );
      const options = { "grpc.ssl_target_name_override": "localhost", "grpc.default_authority": "localhost" };
      const client = new Provider(`unix:${socketPath}`, creds, options);
      resolve({ child, client });
    });
  });
}

const definition = protoLoader.loadSync(PROTO_FILES, { includeDirs: [PROTO_DIR], longs: Number });
const Provider = grpc.makeGenericClientConstructor(
  /** @type {grpc.ServiceDefinition} */ (/** @type {unknown} */ (definition["tfplugin6.Provider"])),
  "",
);

/**
 * @param {grpc.Client} client
 * @param {string} method
 * @param {object} request
 */
function call(client, method, request) {
  return new Promise((resolve, reject) =>
    /** @type {any} */ (client)[method](
      request,
      { deadline: Date.now() + 30_000 },
      (/** @type {Error | null} */ err, /** @type {any} */ res) => {
        if (err) reject(err);
        else if (res.diagnostics?.length) reject(new Error(`${method}: ${JSON.stringify(res.diagnostics)}`));
        else resolve(res);
      },
    ),
  );
}

/**
 * The 4 calls of a plan with refresh for `instances` instances, PARALLELISM at a time.
 * @param {grpc.Client} client
 * @param {number} instances
 * @param {{ json: Buffer, msgpack: Buffer }} state
 */
async function planCalls(client, instances, state) {
  let next = 0;
  const dv = { msgpack: state.msgpack };
  const worker = async () => {
    while (next++ < instances) {
      await call(client, "UpgradeResourceState", {
        typeName: TYPE,
        version: 0,
        rawState: { json: state.json },
      });
      await call(client, "ReadResource", { typeName: TYPE, currentState: dv, private: Buffer.from("p") });
      await call(client, "ValidateResourceConfig", { typeName: TYPE, config: dv });
      await call(client, "PlanResourceChange", {
        typeName: TYPE,
        priorState: dv,
        proposedNewState: dv,
        config: dv,
        priorPrivate: Buffer.from("p"),
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLELISM }, worker));
}

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const { values } = parseArgs({
    options: {
      instances: { type: "string", default: "2000" },
      rounds: { type: "string", default: "5" },
      baseline: { type: "string" },
      "state-from": { type: "string", default: "this" },
    },
  });
  if (
    !["this", "baseline"].includes(values["state-from"] ?? "") ||
    (values["state-from"] === "baseline" && !values.baseline)
  )
    throw new Error("--state-from takes this or baseline (with --baseline DIR)");
  const instances = Number(values.instances);
  const rounds = Number(values.rounds);
  const state = sampleState(values["state-from"] === "baseline" ? path.resolve(values.baseline ?? "") : ROOT);
  const clientCert = createServerCertificate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-calls-"));
  /** @type {{ name: string, root: string, artifact?: string, usPerCall: number[] }[]} */
  const trees = [{ name: "this tree", root: ROOT, usPerCall: [] }];
  if (values.baseline)
    trees.push({ name: `baseline ${values.baseline}`, root: values.baseline, usPerCall: [] });
  try {
    for (const [i, tree] of trees.entries())
      tree.artifact = await floorArtifact(tree.root, dir, `floor-${i}`);
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so that a drift in machine load hits both alike.
      for (const tree of round % 2 ? [...trees].reverse() : trees) {
        const { child, client } =
          /** @type {{ child: import("node:child_process").ChildProcess, client: grpc.Client }} */ (
            await start(/** @type {string} */ (tree.artifact), clientCert)
          );
        const pid = String(child.pid);
        await planCalls(client, 100, state); // warm-up: JIT, schema types, TLS session
        const before = /** @type {number} */ (cpuMs(pid));
        await planCalls(client, instances, state);
        const after = /** @type {number} */ (cpuMs(pid));
        tree.usPerCall.push(((after - before) * 1000) / (instances * 4));
        client.close();
        child.removeAllListeners("exit");
        child.kill("SIGTERM");
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const state_ = `${state.msgpack.length} B msgpack state of ${values["state-from"]} tree's schema`;
  console.log(
    `${instances} instances x 4 calls per round, ${rounds} rounds, ${state_}, load ${os.loadavg()[0].toFixed(2)}`,
  );
  for (const tree of trees) {
    const all = tree.usPerCall.map((x) => x.toFixed(1)).join(" ");
    console.log(
      `${tree.name.padEnd(40)} median ${median(tree.usPerCall).toFixed(1)} µs CPU per call  (${all})`,
    );
  }
  if (trees.length === 2) {
    const ratio = median(trees[0].usPerCall) / median(trees[1].usPerCall);
    console.log(
      `ratio this/baseline: ${ratio.toFixed(3)}  (bar: <= ${BAR}) ${ratio <= BAR ? "PASS" : "FAIL"}`,
    );
    process.exitCode = ratio <= BAR ? 0 : 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
