import { buildSync } from "esbuild";
import { join } from "node:path";

/** Bundles the test provider (fixtures/serve-test-provider.ts) into one script, as a release would be. */
export function bundleTestProvider(outDir: string): string {
  const outfile = join(outDir, "test-provider.js");
  buildSync({
    entryPoints: [join(__dirname, "..", "fixtures", "serve-test-provider.ts")],
    bundle: true,
    platform: "node",
    target: "node20",
    outfile,
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "warning",
  });
  return outfile;
}
