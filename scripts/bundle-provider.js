#!/usr/bin/env node
// Part of `npm run build`: bundles the provider (src/cli/provider-main.ts and everything it imports)
// into dist/terraform-provider-appmgmt.js, the one artifact `appmgmt install-provider` and
// `appmgmt package` copy. Built once, so every install is byte-identical: no absolute path (node's or
// the checkout's) ends up in it, and it starts node through `/bin/sh` (LAUNCHER below).
"use strict";

const { createHash } = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { build } = require("esbuild");

const ROOT = path.resolve(__dirname, "..");
const ENTRY = path.join(ROOT, "src", "cli", "provider-main.ts");
const LAUNCH_ENTRY = path.join(ROOT, "src", "provider-package", "code-cache-launch.ts");
const OUT = path.join(ROOT, "dist", "terraform-provider-appmgmt.js");

/**
 * What the launcher prints, as the first line on stdout, when there is no `node` on the PATH. terraform
 * (go-plugin) reads the provider's first stdout line as its handshake and shows a line it cannot parse in
 * its error ("Unrecognized remote plugin message: ..."), while it shows stderr only with TF_LOG: so the
 * message goes to stdout, on one line, and says what is missing and the fix. sh expands $PATH.
 */
const NO_NODE_MESSAGE =
  "Node.js >= 20.18 is missing: the appmgmt provider is a Node.js script and terraform found no node on its " +
  "PATH (PATH=$PATH); install Node.js 20.18 or later, or add the directory holding node to PATH before " +
  "running terraform";

/**
 * The script's first two lines, read by sh and by node. node 20 reads the file NODE_EXTRA_CA_CERTS names, and
 * builds the certificate store from it, at every start before any code runs: 30-40 → 80-120 ms for a
 * `node -e 0` here, and terraform starts 3 to 5 provider processes one after another per command. So sh moves
 * the variable to APPMGMT_NODE_EXTRA_CA_CERTS and execs node; the client trusts those certificates from
 * there, at its first HTTPS connection (src/provider/service.ts). Before that, `command -v` (a builtin: no
 * process) checks that there is a node to exec, else the launcher prints NO_NODE_MESSAGE and exits 1.
 * node gets `launch` (src/provider-package/code-cache-launch.ts) as `-e`, which runs this file's bundle with
 * a V8 code cache. For node running the file itself (`node FILE`, a single executable), the second line is a
 * string directive and a comment.
 * @param {string} launch JavaScript on one line without a single quote
 */
const launcher = (launch) => `#!/bin/sh
':' //; command -v node >/dev/null || { echo "${NO_NODE_MESSAGE}"; exit 1; }; APPMGMT_NODE_EXTRA_CA_CERTS="$NODE_EXTRA_CA_CERTS" NODE_EXTRA_CA_CERTS= exec node -e '${launch}' "$0" "$@"
`;

/**
 * The bundle sits in the artifact as a function expression node's module wrapper would make of it, called
 * by BUNDLE_SUFFIX: the launcher compiles the expression alone (with the code cache) and calls it itself,
 * while node running the file runs the call.
 */
const BUNDLE_PREFIX = ";(function (exports, require, module, __filename, __dirname) {\n"; // ";": no call of line 2's string
const BUNDLE_SUFFIX = "(exports, require, module, __filename, __dirname);";

/**
 * The launcher's JavaScript, minified to one line for the shell's single quotes.
 * @param {string} bundleHash
 */
async function launchCode(bundleHash) {
  const result = await build({
    entryPoints: [LAUNCH_ENTRY],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: true,
    charset: "ascii",
    define: {
      APPMGMT_BUNDLE_HASH: JSON.stringify(bundleHash),
      APPMGMT_BUNDLE_SUFFIX: JSON.stringify(BUNDLE_SUFFIX),
    },
    legalComments: "none",
    write: false,
    logLevel: "warning",
  });
  // Minified code has line breaks only inside template literals (esbuild writes "\n" strings as those),
  // where the escape means the same.
  const code = result.outputFiles[0].text.trim().replace(/\n/g, "\\n");
  if (code.includes("'"))
    throw new Error("the launcher's code holds a single quote, which ends the shell's quoting");
  return code;
}

/**
 * The provider as one script. `minify: false` keeps esbuild's `// src/x.ts` module markers, which the
 * benches' CPU profiles use to name modules (bench/provider-process.js); `entry` bundles another provider
 * the same way (bench/floor-provider.js).
 * @param {{ minify?: boolean, entry?: string }} [options]
 * @returns {Promise<string>}
 */
async function bundleProvider({ minify = true, entry = ENTRY } = {}) {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    // Whitespace and syntax only: function names stay, so stack traces in TF_LOG name real functions.
    minifyWhitespace: minify,
    minifySyntax: minify,
    sourcemap: false,
    legalComments: "none",
    // ASCII: the launcher reads the file as latin1 (one byte a character); node decodes UTF-8 with a
    // non-ASCII character in it at ~2x the CPU (~20 against ~10 ms for this file, measured here).
    charset: "ascii",
    write: false,
    logLevel: "warning",
  });
  // esbuild keeps an entry point's own "#!" line; ours replaces it.
  const bundle = result.outputFiles[0].text.replace(/^#![^\n]*\n/, "");
  const source = `${BUNDLE_PREFIX}${bundle}\n})`;
  const bundleHash = createHash("sha256").update(source).digest("hex").slice(0, 16);
  return `${launcher(await launchCode(bundleHash))}${source}${BUNDLE_SUFFIX}`;
}

async function main() {
  const code = await bundleProvider();
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, code, { mode: 0o755 });
  console.log(`bundled ${path.relative(ROOT, OUT)} (${Math.round(code.length / 1024)} KiB)`);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(`bundle-provider: ${err.stack || err}`);
    process.exit(1);
  });
}

module.exports = { bundleProvider, NO_NODE_MESSAGE };
