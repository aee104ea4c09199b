#!/usr/bin/env node
// Part of `npm run build`: bundles the provider (src/cli/provider-main.ts and everything it imports)
// into dist/terraform-provider-appmgmt.js, the one artifact `appmgmt install-provider` and
// `appmgmt package` copy. Built once, so every install is byte-identical: no absolute path (node's or
// the checkout's) ends up in it, and its interpreter line is `#!/usr/bin/env node`.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { build } = require("esbuild");

const ROOT = path.resolve(__dirname, "..");
const ENTRY = path.join(ROOT, "src", "cli", "provider-main.ts");
const OUT = path.join(ROOT, "dist", "terraform-provider-appmgmt.js");

/**
 * The provider as one script. `minify: false` keeps esbuild's `// src/x.ts` module markers, which the
 * benches' CPU profiles use to name modules (bench/provider-process.js).
 * @param {{ minify?: boolean }} [options]
 * @returns {Promise<string>}
 */
async function bundleProvider({ minify = true } = {}) {
  const result = await build({
    entryPoints: [ENTRY],
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
    charset: "utf8",
    write: false,
    logLevel: "warning",
  });
  // esbuild keeps an entry point's own "#!" line; ours replaces it.
  return `#!/usr/bin/env node\n${result.outputFiles[0].text.replace(/^#![^\n]*\n/, "")}`;
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

module.exports = { bundleProvider };
