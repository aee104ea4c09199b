// Entry point of `terraform-provider-appmgmt`. `schema` prints the `terraform providers schema -json`
// document (with provider_versions) and exits; otherwise it serves the plugin protocol to terraform
// (`--debug`: serve without terraform starting it, for TF_REATTACH_PROVIDERS).
// Modules load on demand so a schema print or a provider start pulls in only what it uses.

import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { takeCodeCacheWriter } from "../provider-package/code-cache-hook";

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { debug: { type: "boolean" } },
    allowPositionals: true,
  });
  if (positionals.length > 1 || (positionals.length === 1 && positionals[0] !== "schema")) {
    throw new Error(`unexpected arguments ${JSON.stringify(positionals)}: use \`schema\` or --debug`);
  }
  if (positionals[0] === "schema") {
    const { toProviderSchemaJson } = await import("../terraform-model/schema-json");
    const { PROVIDER_SOURCE, PROVIDER_VERSION } = await import("../provider/schema");
    const { providerSchemas } = await import("../provider/catalog");
    const doc = toProviderSchemaJson(providerSchemas, { source: PROVIDER_SOURCE, version: PROVIDER_VERSION });
    process.stdout.write(JSON.stringify(doc, null, 2) + "\n");
    return;
  }
  const { serveProvider } = await import("../protocol");
  // The provider's modules (rules, manifest parser, …) load after the handshake line, while terraform
  // connects: start-up time counts until the handshake.
  await serveProvider(async () => (await import("../provider")).createProvider(), {
    debug: values.debug === true,
  });
  // undici parses HTTP with a WebAssembly build of llhttp, which V8 compiles with Liftoff, then again with
  // TurboFan on background threads, and process exit waits for that compile, so every provider process that
  // made a service call took longer to exit (terraform waits for each exit; a command starts 3 to 5
  // providers; the figures: ARCHITECTURE.md §8). Liftoff's code is fast enough for the service's small
  // answers. Set after the handshake, before terraform's first call can load undici: a V8 flag changed at
  // start makes node compile its own modules again instead of using their code cache, which delays the
  // handshake. Set here, in the executable, so hosts that embed the provider keep their own V8 settings.
  // Not in the process that writes the code cache (src/provider-package/code-cache.ts), at its exit: V8
  // takes a code cache only under the flags it was made with, and this flag sets others along with it.
  const writeCodeCache = takeCodeCacheWriter();
  if (writeCodeCache) process.once("exit", writeCodeCache);
  else setFlagsFromString("--liftoff-only");
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`terraform-provider-appmgmt: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
