// What the provider artifact's launcher runs: `exec node -e <this file, bundled> <artifact> <args>`
// (scripts/bundle-provider.js). node then parses only this, not the 860 KiB file it names, which
// code-cache.ts compiles with the code cache. process.argv is [node, artifact, args...] as for `node artifact`.
// A file not shaped as the build writes it runs as node would run it.
import { compileWithCodeCache } from "./code-cache";

/** Set by the build (esbuild `define`): the bundle's hash, and the end of the file after its wrapper. */
declare const APPMGMT_BUNDLE_HASH: string;
declare const APPMGMT_BUNDLE_SUFFIX: string;

let run: () => void;
try {
  run = compileWithCodeCache(
    { file: process.argv[1], bundleHash: APPMGMT_BUNDLE_HASH, firstLine: 2, suffix: APPMGMT_BUNDLE_SUFFIX },
    process.env,
    require,
  );
} catch {
  run = () => (require("node:module") as { runMain(): void }).runMain();
}
run();
