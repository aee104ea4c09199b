// Part of `npm run generate`: one run of a bindings generator (@cdktf/provider-generator, or its cdktn
// fork with the same API) over the provider's schema document. Its own module so that the cdktf and
// cdktn scripts both use it without importing each other.
"use strict";

const fs = require("node:fs");
const os = require("node:os");

/** @typedef {import("../src/terraform-model/schema-json").ProviderSchemasDocument} ProviderSchemasDocument */

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

module.exports = { generateBindings };
