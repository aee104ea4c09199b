"use strict";
// Waiting bench (ARCHITECTURE.md §8): how many status calls waitForInstance spends on a workflow, and how late it sees
// the workflow's end, against the simulator. Run after `npm run build`: node bench/wait-calls.js
// Bars: a 10 s workflow costs ≤ 10 status calls and is seen ending within 10%; a 2 s workflow is seen ending
// within ~0.2 s (what the 100-instance apply with 2 s workflows needs to stay within 1.15× of ideal).
// Lateness is measured from the moment the launch is sent, so it slightly overstates the real lateness.
require("./usage").helpOnRequest(__filename);

const { AppMgmtClient, waitForInstance } = require("../lib/client");
const { startSimulator } = require("../lib/simulator");

const CASES = [
  { durationMs: 10_000, maxCalls: 10, maxLateMs: 1_000 },
  { durationMs: 2_000, maxCalls: Infinity, maxLateMs: 200 },
];

/**
 * @param {import("../lib/client").AppMgmtClient} client
 * @param {import("../lib/simulator").Simulator} sim
 * @param {string} appId
 * @param {number} durationMs
 * @param {number} index
 */
async function measure(client, sim, appId, durationMs, index) {
  sim.setTiming({ launchMs: durationMs });
  const before = sim.stats.requestCount;
  const sent = performance.now();
  const { id } = await client.launch(appId, { instanceName: `bench-wait-${index}-${Date.now()}` });
  await waitForInstance(client, id, { until: (s) => s.status === "Running", timeoutMs: 10 * durationMs });
  const seenMs = performance.now() - sent;
  const statusPath = new RegExp(`/instances/${id}$`);
  const calls = sim.stats
    .requestsSince(before)
    .filter((r) => r.method === "GET" && statusPath.test(r.path)).length;
  return { calls, lateMs: seenMs - durationMs };
}

async function main() {
  const { url, sim, close } = await startSimulator({ host: "127.0.0.1", port: 0 });
  const client = new AppMgmtClient({ baseUrl: url, email: "demo@example.com", password: "demo-password" });
  try {
    const [org] = await client.listOrganizations();
    const apps = await client.listApplications(org.id);
    const app = apps.find((a) => a.name === "webshop") ?? apps[0];
    const rows = [];
    for (const [i, c] of CASES.entries()) {
      const r = await measure(client, sim, app.id, c.durationMs, i);
      const ok = r.calls <= c.maxCalls && r.lateMs <= c.maxLateMs;
      if (!ok) process.exitCode = 1;
      rows.push({
        workflow: `${c.durationMs / 1000} s`,
        "status calls": r.calls,
        "calls bar": Number.isFinite(c.maxCalls) ? `≤ ${c.maxCalls}` : "-",
        "seen late": `${(r.lateMs / 1000).toFixed(3)} s`,
        "late / duration": `${((100 * r.lateMs) / c.durationMs).toFixed(1)}%`,
        "lateness bar": `≤ ${(c.maxLateMs / 1000).toFixed(1)} s (${((100 * c.maxLateMs) / c.durationMs).toFixed(0)}%)`,
        result: ok ? "ok" : "MISSED",
      });
    }
    console.table(rows);
  } finally {
    await client.close();
    await close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
