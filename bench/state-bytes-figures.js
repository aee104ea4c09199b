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

module.exports = { attributeBytes, nullAttributes, issueKb, ISSUE_BARE_KB };
