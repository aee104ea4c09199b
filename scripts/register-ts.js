// Lets plain `node` load the TypeScript sources directly (examples, scripts, bench): each .ts file is
// transpiled on require with esbuild, one file at a time, so no build step and no bundling (module
// paths and __dirname stay as in src/). Types are not checked here; `tsc` does that.
//   node -r ./scripts/register-ts.js examples/quickstart/main.ts
"use strict";

const fs = require("node:fs");
const Module = require("node:module");
const esbuild = require("esbuild");

/**
 * Node's table of loaders by file extension; internal, so @types/node leaves it out.
 * @typedef {Record<string, (module: { _compile(code: string, filename: string): void }, filename: string) => void>} Loaders
 */
const extensions = /** @type {{ _extensions: Loaders }} */ (/** @type {unknown} */ (Module))._extensions;

if (!extensions[".ts"]) {
  extensions[".ts"] = (module, filename) => {
    const { code } = esbuild.transformSync(fs.readFileSync(filename, "utf8"), {
      loader: "ts",
      format: "cjs",
      target: "node20",
      sourcefile: filename,
      sourcemap: "inline",
    });
    module._compile(code, filename);
  };
  // Stack traces point into the .ts sources.
  process.setSourceMapsEnabled(true);
}
