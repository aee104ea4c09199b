"use strict";
// The figures bench/state-bytes.js reads off a terraform state file: where an instance's bytes go, what its
// null attributes cost, and the bytes in the terms issue 38 used.

/**
 * @typedef {{ attributes: Record<string, unknown>, [k: string]: unknown }} StateInstance
 * @typedef {{ resources: { instances: StateInstance[] }[] }} State
 */

/** terraform_data's bytes per instance in issue 38's figures ("terraform_data: 0.9 KB"). */
const ISSUE_BARE_KB = 0.9;

/**
 * Terraform's own bytes for `value` under `key` at `depth` spaces, as its state file indents it (2 spaces a
 * level, `"key": value` and a comma or a newline: the count issue 38's figures per attribute used).
 * @param {string} key
 * @param {unknown} value
 * @param {number} depth
 */
function entryBytes(key, value, depth) {
  const text = JSON.stringify(value, null, 2).replaceAll("\n", `\n${" ".repeat(depth)}`);
  return depth + JSON.stringify(key).length + 2 + Buffer.byteLength(text) + 1;
}

/**
 * Each attribute of the first instance with the bytes terraform writes for it, the largest first; the
 * instance's sensitive_attributes and private state in parentheses.
 * @param {State} state
 * @returns {[string, number][]}
 */
function attributeBytes(state) {
  const instance = state.resources[0].instances[0];
  /** @type {[string, number][]} */
  const rows = Object.entries(instance.attributes).map(([k, v]) => [k, entryBytes(k, v, 12)]);
  for (const k of ["sensitive_attributes", "private"])
    if (k in instance) rows.push([`(${k})`, entryBytes(k, instance[k], 10)]);
  return rows.sort((a, b) => b[1] - a[1]);
}

/**
 * The first instance's attributes that are null, and the bytes terraform still writes for them (it stores
 * every attribute of the schema, null or not).
 * @param {State} state
 */
function nullAttributes(state) {
  const names = Object.entries(state.resources[0].instances[0].attributes)
    .filter(([, v]) => v === null)
    .map(([k]) => k);
  const bytes = names.reduce((sum, k) => sum + entryBytes(k, null, 12), 0);
  return { names, bytes };
}

/**
 * Bytes per instance in issue 38's terms. No byte count of the trees the issue compared gives its three figures
 * (1.70 KB, 1.08 KB, 0.9 KB for terraform_data) as they stand, but all three are in proportion to the indented
 * state file per instance against terraform_data with a three-string input (issue 11's first comparison,
 * `vs-builtin.js --small-input`): so a figure in the issue's terms is 0.9 KB times that proportion.
 * @param {number} bytesPerInstance this kind's state file / N
 * @param {number} bareBytesPerInstance that of N terraform_data with the three-string input
 */
function issueKb(bytesPerInstance, bareBytesPerInstance) {
  return (ISSUE_BARE_KB * bytesPerInstance) / bareBytesPerInstance;
}

/** @typedef {Record<string, any>} Attributes */
/**
 * Changes to the stored form that would shed bytes, each of which changes the schema users' configurations
 * see (so none is made; the bench prints what each would save): terraform stores every attribute of the
 * schema, null or not, and every attribute of a nested object.
 * @type {[string, (a: Attributes, instance: StateInstance) => void][]}
 */
const SCHEMA_CHANGES = [
  ["no top-level attribute that is null", (a) => dropNulls(a)],
  ["no null inside submodules[k]", (a) => Object.values(a.submodules ?? {}).forEach(dropNulls)],
  [
    "effective_parameters without the configured values",
    (a) => {
      for (const [k, v] of Object.entries(a.parameters ?? {}))
        if (a.effective_parameters?.[k] === v) delete a.effective_parameters[k];
    },
  ],
  [
    "effective_submodules[k] without its parameters wrapper",
    (a) => {
      for (const [k, v] of Object.entries(a.effective_submodules ?? {}))
        a.effective_submodules[k] = v.parameters;
    },
  ],
  ["no private state", (_a, instance) => delete instance.private],
];

/** @param {Record<string, unknown>} o */
function dropNulls(o) {
  for (const [k, v] of Object.entries(o)) if (v === null) delete o[k];
}

/**
 * The state file's bytes per instance after each of SCHEMA_CHANGES in turn (cumulative), from the state as
 * terraform wrote it (its file is JSON.stringify with 2 spaces and a newline).
 * @param {State} state
 * @returns {[string, number][]}
 */
function schemaChangeBytes(state) {
  const copy = /** @type {State} */ (structuredClone(state));
  const instances = copy.resources.flatMap((r) => r.instances);
  const perInstance = () => Buffer.byteLength(`${JSON.stringify(copy, null, 2)}\n`) / instances.length;
  /** @type {[string, number][]} */
  const rows = [["as stored", perInstance()]];
  for (const [name, change] of SCHEMA_CHANGES) {
    for (const i of instances) change(i.attributes, i);
    rows.push([name, perInstance()]);
  }
  return rows;
}

module.exports = { attributeBytes, nullAttributes, issueKb, schemaChangeBytes, ISSUE_BARE_KB };
