"use strict";
// What bench/soak.js checks after each apply: terraform's state against the simulator's own records (read
// in-process, so the faults injected into its HTTP answers do not blur the count).

/**
 * @typedef {{ id: string, name: string, status: string, parameters: Record<string, string>, version: number }} ServiceInstance
 * @typedef {{ address: string, id: string, name: string, parameters: Record<string, string> | null, manifestVersion: number | null }} StateInstance
 * @typedef {{ orphans: string[], duplicates: string[], mismatches: string[] }} Findings
 */

/** Statuses of an instance that is gone or going. */
const GONE = new Set(["Destroyed", "Destroying"]);

/**
 * The appmgmt_instance resources of `terraform show -json` output.
 * @param {string} showJson
 * @returns {StateInstance[]}
 */
function stateInstances(showJson) {
  /** @type {{ values?: { root_module?: { resources?: { address: string, type: string, values: Record<string, any> }[] } } }} */
  const doc = JSON.parse(showJson);
  return (doc.values?.root_module?.resources ?? [])
    .filter((r) => r.type === "appmgmt_instance")
    .map((r) => ({
      address: r.address,
      id: r.values.id,
      name: r.values.instance_name,
      parameters: r.values.parameters ?? null,
      manifestVersion: r.values.manifest_version ?? null,
    }));
}

/**
 * Orphans: live instances of the soak (names starting `prefix`) the state does not hold. Duplicates: names
 * with more than one live instance. Mismatches (only judged after an apply that succeeded): an instance of
 * the state the service has not got live, or whose configured values differ from the service's.
 * @param {ServiceInstance[]} service
 * @param {StateInstance[]} state
 * @param {{ prefix: string, converged: boolean }} options
 * @returns {Findings}
 */
function compare(service, state, { prefix, converged }) {
  const live = service.filter((i) => i.name.startsWith(prefix) && !GONE.has(i.status));
  const inState = new Set(state.map((s) => s.id));
  const orphans = live.filter((i) => !inState.has(i.id)).map((i) => `${i.id} ${i.name} (${i.status})`);
  /** @type {Map<string, number>} */
  const perName = new Map();
  for (const i of live) perName.set(i.name, (perName.get(i.name) ?? 0) + 1);
  const duplicates = [...perName].filter(([, n]) => n > 1).map(([name, n]) => `${name} x ${n}`);
  /** @type {string[]} */
  const mismatches = [];
  if (converged) {
    const byId = new Map(service.map((i) => [i.id, i]));
    for (const s of state) {
      const actual = byId.get(s.id);
      if (!actual || GONE.has(actual.status)) {
        mismatches.push(`${s.address}: ${s.id} is ${actual ? actual.status : "unknown"} on the service`);
        continue;
      }
      for (const [key, value] of Object.entries(s.parameters ?? {}))
        if (actual.parameters[key] !== value)
          mismatches.push(
            `${s.address}: ${key} is ${JSON.stringify(actual.parameters[key])}, state says ${value}`,
          );
      if (s.manifestVersion !== null && s.manifestVersion !== actual.version)
        mismatches.push(`${s.address}: runs version ${actual.version}, state says ${s.manifestVersion}`);
    }
  }
  return { orphans, duplicates, mismatches };
}

module.exports = { stateInstances, compare };
