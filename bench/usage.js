"use strict";
// `--help` (or `-h`) for the bench scripts: each one's header comment already says how to run it and what
// its bars are, so that is what it prints.
const fs = require("node:fs");

/**
 * Prints the header comment of `file` (a bench script's __filename) and exits when the command line asks
 * for help; returns otherwise. Called before the script loads lib/, so help works before `npm run build`.
 * @param {string} file
 */
function helpOnRequest(file) {
  if (!process.argv.slice(2).some((a) => a === "--help" || a === "-h")) return;
  const lines = fs.readFileSync(file, "utf8").split("\n");
  let i = 0;
  while (i < lines.length && (lines[i].startsWith("#!") || lines[i] === '"use strict";')) i++;
  const header = [];
  for (; i < lines.length && lines[i].startsWith("//"); i++) header.push(lines[i].replace(/^\/\/ ?/, ""));
  process.stdout.write(`${header.join("\n")}\n`);
  process.exit(0);
}

module.exports = { helpOnRequest };
