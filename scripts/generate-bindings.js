#!/usr/bin/env node
// `npm run generate`: writes the provider's schema document (schema/appmgmt.json, committed) and the
// cdktf and cdktn bindings generated from it (src/gen/cdktf/ and src/gen/cdktn/, committed, never
// hand-edited; see generate-cdktn-bindings.js), and the registry docs (docs/, see generate-docs.js).
// The schema comes straight from src/ (transpiled on load, see register-ts.js), so this works on a
// fresh clone without a build.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const SCHEMA_FILE = path.join(ROOT, "schema", "appmgmt.json");
// Every generated binding lives under src/gen/, one subfolder per library, so that each generator
// empties only its own folder.
const GEN_DIR = path.join(ROOT, "src", "gen", "cdktf");

/** @typedef {import("../src/terraform-model/schema-json").ProviderSchemasDocument} ProviderSchemasDocument */

/**
 * The `providers schema -json` document of the provider as the sources in src/ define it.
 * @returns {ProviderSchemasDocument}
 */
function currentSchemaDocument() {
  require("./register-ts");
  const { PROVIDER_SOURCE, PROVIDER_VERSION } = require("../src/provider/schema");
  const { providerSchemas } = require("../src/provider/catalog");
  const { toProviderSchemaJson } = require("../src/terraform-model/schema-json");
  return toProviderSchemaJson(providerSchemas, { source: PROVIDER_SOURCE, version: PROVIDER_VERSION });
}

/**
 * The schema document as committed: stable JSON with a trailing newline.
 * @param {ProviderSchemasDocument} document
 */
function schemaText(document) {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Generates the TypeScript bindings for `document` into `targetDir` (emptied first) with `generator`:
 * @cdktf/provider-generator, or its cdktn fork, which has the same API.
 * @param {ProviderSchemasDocument} document
 * @param {string} targetDir
 */
async function generateBindings(document, targetDir, generator = "@cdktf/provider-generator") {
  // The generator's helper library runs `terraform version` when loaded: keep it offline and quiet
  // about a CLI config file that the machine names but does not have.
  process.env.CHECKPOINT_DISABLE = "1";
  const cliConfig = process.env.TF_CLI_CONFIG_FILE;
  if (cliConfig && !fs.existsSync(cliConfig)) process.env.TF_CLI_CONFIG_FILE = os.devNull;
  /** @type {typeof import("@cdktf/provider-generator")} */
  const { generateProviderBindingsFromSchema } = require(generator);
  fs.rmSync(targetDir, { recursive: true, force: true });
  fs.mkdirSync(targetDir, { recursive: true });
  // The same JSON, typed differently: the generator's declared input stops at format_version "0.2" and
  // wants the empty collections that terraform's encoding (ours) omits; it reads both alike.
  const schema = /** @type {Parameters<typeof generateProviderBindingsFromSchema>[1]} */ (
    /** @type {unknown} */ (document)
  );
  await generateProviderBindingsFromSchema(targetDir, schema);
}

async function main() {
  const document = currentSchemaDocument();
  fs.mkdirSync(path.dirname(SCHEMA_FILE), { recursive: true });
  fs.writeFileSync(SCHEMA_FILE, schemaText(document));
  // Docs first: the bindings generator adds cdktf's own `alias` attribute to the document it is given.
  const docs = require("./generate-docs").writeRegistryDocs(document);
  await generateBindings(document, GEN_DIR);
  // Required here, not at the top: that module requires this one.
  const { generateCdktnBindings, CDKTN_GEN_DIR } = require("./generate-cdktn-bindings");
  await generateCdktnBindings(document);
  const dirs = [GEN_DIR, CDKTN_GEN_DIR].map((dir) => `${path.relative(ROOT, dir)}/`).join(" and ");
  console.log(
    `wrote ${path.relative(ROOT, SCHEMA_FILE)}, the bindings in ${dirs} and ${docs.length} pages in docs/`,
  );
}

module.exports = { currentSchemaDocument, schemaText, generateBindings, SCHEMA_FILE, GEN_DIR };

if (require.main === module) {
  main().catch((err) => {
    console.error(`generate-bindings: ${err.stack || err}`);
    process.exit(1);
  });
}
