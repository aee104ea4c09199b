"use strict";
// Load bench (issue 7): 200 concurrent keep-alive clients for 30 s against `appmgmt sim` in its own process,
// each looping over list instances / instance status / launch with a session token. Prints requests/s, errors,
// p50/p99 latency, the simulator's RSS before and after, and the load average (the figures depend on it).
// Run after `npm run build`: node bench/load.js [--clients N] [--seconds S]
// Bars: 0 errors; RSS after ≤ 256 MB (bounded: state grows by the instances launched, nothing else).
require("./usage").helpOnRequest(__filename);

const { spawn } = require("node:child_process");
const { readFileSync } = require("node:fs");
const { loadavg } = require("node:os");
const { join } = require("node:path");
const { createInterface } = require("node:readline");
const { parseArgs } = require("node:util");
const { Client } = require("undici");
const { DEMO } = require("../lib/simulator");

const { values } = parseArgs({
  options: { clients: { type: "string", default: "200" }, seconds: { type: "string", default: "30" } },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const MAX_RSS_MB = 256;

/** @param {number | undefined} pid */
function rssMb(pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS line in /proc/${pid}/status (has the simulator exited?)`);
  return Number(match[1]) / 1024;
}

async function startSim() {
  const child = spawn(process.execPath, [join(__dirname, "../bin/appmgmt.js"), "sim", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = (await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value;
  const match = /listening on (\S+)$/.exec(first ?? "");
  if (!match) throw new Error(`appmgmt sim did not start: ${first}`);
  child.stdout.resume();
  return { child, url: match[1] };
}

/**
 * @param {number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const { child, url } = await startSim();
  // One undici Client per simulated client: each keeps its own keep-alive connection.
  const clients = Array.from({ length: CLIENTS }, () => new Client(url, { keepAliveTimeout: 60_000 }));
  try {
    const token = await clients[0].request({
      method: "POST",
      path: "/refreshToken/jwtBearer",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refreshToken: DEMO.refreshToken }),
    });
    const { jwtBearer } = /** @type {{ jwtBearer: string }} */ (await token.body.json());
    const headers = { authorization: `Bearer ${jwtBearer}`, "content-type": "application/json" };
    const launchPath = `/api/1/applications/${DEMO.webshopApplicationId}/launch`;
    /** @type {string[]} */
    const ids = [];
    /**
     * @param {Client} client
     * @param {import("undici").Dispatcher.HttpMethod} method
     * @param {string} path
     * @param {string} [body]
     * @returns {Promise<{ id: string }>}
     */
    const call = async (client, method, path, body) => {
      const res = await client.request({ method, path, headers, body });
      const payload = /** @type {{ id: string }} */ (await res.body.json());
      if (res.statusCode !== 200)
        throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(payload)}`);
      return payload;
    };
    for (let i = 0; i < 20; i++) ids.push((await call(clients[0], "POST", launchPath, "{}")).id);
    // Open every keep-alive connection before the clock starts (one status call each): the bench measures the
    // steady state. Even a bare node http server answers the last of 200 simultaneous first requests seconds
    // late on a busy machine, so this phase is reported on its own.
    const connectStart = performance.now();
    await Promise.all(clients.map((c) => call(c, "GET", `/api/1/instances/${ids[0]}`)));
    const connectMs = performance.now() - connectStart;
    const rssBefore = rssMb(child.pid);
    const loadBefore = loadavg()[0];

    /** @type {number[]} */
    const latencies = [];
    /** @type {Map<string, number>} */
    const errors = new Map();
    const deadline = performance.now() + SECONDS * 1000;
    /** @type {((c: Client) => Promise<unknown>)[]} */
    const operations = [
      (c) => call(c, "GET", `/api/1/environments/${DEMO.defaultEnvironmentId}/instances`),
      (c) => call(c, "GET", `/api/1/instances/${ids[Math.floor(Math.random() * ids.length)]}`),
      async (c) => ids.push((await call(c, "POST", launchPath, "{}")).id),
    ];
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, index) => {
        for (let n = index; performance.now() < deadline; n++) {
          const sent = performance.now();
          try {
            await operations[n % operations.length](client);
          } catch (e) {
            const key = (e instanceof Error ? e.message : String(e)).slice(0, 120);
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const rssAfter = rssMb(child.pid);
    const loadAfter = loadavg()[0];

    latencies.sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const ok = errorCount === 0 && rssAfter <= MAX_RSS_MB;
    if (!ok) process.exitCode = 1;
    console.log(`${CLIENTS} keep-alive clients for ${SECONDS} s against appmgmt sim (list, status, launch)`);
    console.table([
      {
        requests: latencies.length,
        "requests/s": Math.round(latencies.length / elapsedS),
        errors: `${errorCount} (bar 0)`,
        "p50 ms": percentile(latencies, 50).toFixed(1),
        "p99 ms": percentile(latencies, 99).toFixed(1),
        "RSS MB before -> after": `${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} (bar ≤ ${MAX_RSS_MB})`,
        "instances launched": ids.length,
        "load avg 1 min before/after": `${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`,
        result: ok ? "ok" : "MISSED",
      },
    ]);
    for (const [message, count] of errors) console.log(`  ${count} x ${message}`);
    console.log(
      `(opening the ${CLIENTS} connections, one call each, took ${(connectMs / 1000).toFixed(1)} s)`,
    );
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    child.kill("SIGTERM");
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
