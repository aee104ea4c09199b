#!/usr/bin/env node
// Call-cost bench (ARCHITECTURE.md §8): the provider's gRPC server CPU per unary call, the whole call in
// isolation: pinned mutual TLS, HTTP/2 (src/protocol/http2), gRPC framing and a handler answering a fixed
// message. The server runs in a child process whose CPU (user + system) is read before and after each round;
// a grpc-js client over a unix socket makes the calls, --concurrency at a time (default one: a call alone;
// at terraform's default -parallelism of 10 the server writes fewer, larger chunks and costs less per call).
// 2,000 warm-up calls first (JIT, TLS session, HPACK tables).
//
//   node bench/grpc-call-cost.js [--calls 4000] [--rounds 7] [--concurrency 1] [--lib DIR] [--vs DIR]
//
// --lib: the build to measure (default this checkout's lib/); --vs: a second build (e.g. another worktree's
// lib/), measured in alternating rounds in the same run, so machine load hits both alike; the ratio is taken
// round by round. Prints the median µs of server CPU per call (and the ratio with --vs). Bar: a change to the
// server stays within 5% of the build before it (figures in ARCHITECTURE.md §8).
// Needs `npm run build` (of each build named).
"use strict";
require("./usage").helpOnRequest(__filename);
const { fork } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");

const METHOD = "/bench.Bench/Call";

/** A logger that writes nothing (where the real one lives differs between builds). */
const silent = {
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  named() {
    return silent;
  },
};

if (process.argv[2] === "--serve") serve(process.argv[3]);
else void main();

/**
 * The child: a gRPC server of the build in `lib`, answering every call with the same 200 bytes.
 * @param {string} lib
 */
function serve(lib) {
  const send = /** @type {NonNullable<typeof process.send>} */ (process.send).bind(process);
  // grpc-unary.js since issue 21's renames; a build from before them (--vs) has it in transport.js.
  const file = ["grpc-unary.js", "transport.js"].find((f) => fs.existsSync(path.join(lib, "protocol", f)));
  const { createGrpcServer } = require(path.join(lib, "protocol", file ?? "grpc-unary.js"));
  const { socketPath, tls } = JSON.parse(process.env.BENCH_SERVER ?? "{}");
  const answer = Buffer.alloc(200, 1);
  const routes = new Map([[METHOD, async () => answer]]);
  const server = createGrpcServer(routes, {
    log: silent,
    maxMessageBytes: 1 << 20,
    tls,
  });
  process.on("message", (m) => {
    if (m === "cpu") {
      const { user, system } = process.cpuUsage();
      send({ cpuUs: user + system });
    }
  });
  void server.listen(socketPath).then(() => send({ ready: true }));
}

async function main() {
  const { values: flags } = parseArgs({
    options: {
      calls: { type: "string", default: "4000" },
      rounds: { type: "string", default: "7" },
      concurrency: { type: "string", default: "1" },
      lib: { type: "string", default: path.join(__dirname, "..", "lib") },
      vs: { type: "string" },
    },
  });
  const calls = Number(flags.calls);
  const concurrency = Number(flags.concurrency);
  const grpc = require("@grpc/grpc-js");
  const { createServerCertificate } = require(path.join(path.resolve(flags.lib), "protocol", "certificate"));
  const serverCert = createServerCertificate();
  const clientCert = createServerCertificate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-grpc-"));

  /** @type {{ lib: string, socketPath: string, samples: number[], child?: import("node:child_process").ChildProcess, client?: import("@grpc/grpc-js").Client }[]} */
  const builds = [flags.lib, ...(flags.vs ? [flags.vs] : [])].map((lib, i) => ({
    lib: path.resolve(lib),
    socketPath: path.join(dir, `s${i}`),
    samples: [],
  }));
  try {
    for (const b of builds) {
      const tls = {
        keyPem: serverCert.keyPem,
        certPem: serverCert.certPem,
        clientCertPem: clientCert.certPem,
      };
      const child = fork(__filename, ["--serve", b.lib], {
        env: { ...process.env, BENCH_SERVER: JSON.stringify({ socketPath: b.socketPath, tls }) },
      });
      b.child = child;
      await new Promise((resolve, reject) => {
        child.once("message", resolve);
        child.once("exit", (code) => reject(new Error(`server of ${b.lib} exited (${code})`)));
      });
      const creds = grpc.credentials.createSsl(
        Buffer.from(serverCert.certPem),
        Buffer.from(clientCert.keyPem),
        Buffer.from(clientCert.certPem),
      );
      const client = new grpc.Client(`unix:${b.socketPath}`, creds, {
        "grpc.ssl_target_name_override": "localhost",
        "grpc.default_authority": "localhost",
      });
      b.client = client;
      await run(client, 2000, concurrency);
    }
    const rounds = Number(flags.rounds);
    for (let r = 0; r < rounds; r++) {
      for (const b of builds) {
        const [child, client] = [
          /** @type {NonNullable<typeof b.child>} */ (b.child),
          /** @type {NonNullable<typeof b.client>} */ (b.client),
        ];
        const before = await cpuOf(child);
        await run(client, calls, concurrency);
        b.samples.push(((await cpuOf(child)) - before) / calls);
      }
    }
    const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(`${calls} calls x ${rounds} rounds, ${concurrency} at a time; server CPU per call (µs):`);
    for (const b of builds) {
      const shown = b.samples.map((s) => s.toFixed(1)).join(" ");
      console.log(`  ${b.lib}: median ${median(b.samples).toFixed(1)}  (rounds: ${shown})`);
    }
    if (builds.length === 2) {
      const ratios = builds[0].samples.map((s, i) => s / builds[1].samples[i]);
      console.log(`  ratio --lib / --vs, round by round: median ${median(ratios).toFixed(3)}`);
    }
  } finally {
    for (const b of builds) {
      b.client?.close();
      b.child?.kill();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `calls` unary calls, `concurrency` in flight at once.
 * @param {import("@grpc/grpc-js").Client} client
 * @param {number} calls
 * @param {number} concurrency
 */
async function run(client, calls, concurrency) {
  const request = Buffer.alloc(100, 2);
  let started = 0;
  const worker = async () => {
    while (started < calls) {
      started++;
      await new Promise((resolve, reject) =>
        client.makeUnaryRequest(
          METHOD,
          (/** @type {Buffer} */ b) => b,
          (/** @type {Buffer} */ b) => b,
          request,
          (err) => (err ? reject(err) : resolve(undefined)),
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * The server process's CPU so far, in µs.
 * @param {import("node:child_process").ChildProcess} child
 * @returns {Promise<number>}
 */
function cpuOf(child) {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(/** @type {{ cpuUs: number }} */ (m).cpuUs));
    child.send("cpu");
  });
}
