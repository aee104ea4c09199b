// Entry point of `terraform-provider-appmgmt`. `schema` prints the `terraform providers schema -json`
// document (with provider_versions) and exits; otherwise it serves the plugin protocol to terraform
// (`--debug`: serve without terraform starting it, for TF_REATTACH_PROVIDERS).
// Modules load on demand so a schema print or a provider start pulls in only what it uses.

import { parseArgs } from "node:util";

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
    const { toProviderSchemaJson } = await import("../protocol/schema-json");
    const { PROVIDER_SOURCE, PROVIDER_VERSION } = await import("../provider/schema");
    const { providerSchemas } = await import("../provider/catalog");
    const doc = toProviderSchemaJson(providerSchemas, { source: PROVIDER_SOURCE, version: PROVIDER_VERSION });
    process.stdout.write(JSON.stringify(doc, null, 2) + "\n");
    return;
  }
  const { serveProvider } = await import("../protocol");
  const { createProvider } = await import("../provider");
  await serveProvider(createProvider(), { debug: values.debug === true });
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`terraform-provider-appmgmt: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
