#!/usr/bin/env node
// `npm run generate`: writes the provider's schema document (schema/appmgmt.json, committed) and the
// cdktf and cdktn bindings generated from it (src/gen/cdktf/ and src/gen/cdktn/, committed, never
// hand-edited; see generate-cdktn-bindings.js), the registry docs (docs/, see generate-docs.js), and the
// plugin protocol's message tables and types (src/protocol/generated/, see generate-protocol.js).
// The schema comes straight from src/ (transpiled on load, see register-ts.js), so this works on a
// fresh clone without a build.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { generateBindings } = require("./binding-generator");
const { CDKTN_GEN_DIR, generateCdktnBindings } = require("./generate-cdktn-bindings");
const { generateProtocol, PROTOCOL_GEN_DIR } = require("./generate-protocol");

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

async function main() {
  // The protocol's tables first: the schema below is read from src/, which imports them.
  generateProtocol();
  const document = currentSchemaDocument();
  fs.mkdirSync(path.dirname(SCHEMA_FILE), { recursive: true });
  fs.writeFileSync(SCHEMA_FILE, schemaText(document));
  // Docs first: the bindings generator adds cdktf's own `alias` attribute to the document it is given.
  const docs = require("./generate-docs").writeRegistryDocs(document);
  await generateBindings(document, GEN_DIR);
  await generateCdktnBindings(document);
  const dirs = [GEN_DIR, CDKTN_GEN_DIR].map((dir) => `${path.relative(ROOT, dir)}/`).join(" and ");
  console.log(
    `wrote ${path.relative(ROOT, SCHEMA_FILE)}, the bindings in ${dirs}, ${docs.length} pages in docs/ and ${path.relative(ROOT, PROTOCOL_GEN_DIR)}/`,
  );
}

module.exports = { currentSchemaDocument, schemaText, generateBindings, SCHEMA_FILE, GEN_DIR };

if (require.main === module) {
  main().catch((err) => {
    console.error(`generate-bindings: ${err.stack || err}`);
    process.exit(1);
  });
}
