// Part of `npm run generate`: one run of a bindings generator (@cdktf/provider-generator, or its cdktn
// fork with the same API) over the provider's schema document. Its own module so that the cdktf and
// cdktn scripts both use it without importing each other.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

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
  pointDocsAtPackage(targetDir);
}

/** The generator's links to registry.terraform.io pages, which do not exist: the provider is not published there. */
const REGISTRY_PAGE =
  /https:\/\/registry\.terraform\.io\/providers\/appmgmt\/appmgmt\/[^/\s#)}]+\/docs(?:\/(resources|data-sources)\/([\w-]+))?(?:#[\w-]+)?/;
const IN_CODE = new RegExp(
  `(?:Docs at Terraform Registry: \\{@link )?${REGISTRY_PAGE.source}(?: ([^}\\n]+)\\})?`,
  "g",
);
const IN_README = new RegExp(
  `Refer to the Terraform Registry for docs: \\[([^\\]]+)\\]\\(${REGISTRY_PAGE.source}\\)`,
  "g",
);

/**
 * The page of docs/ (generate-docs.js, shipped in the package) for a registry URL's kind and name.
 * @param {string | undefined} kind
 * @param {string | undefined} name
 */
const docsPage = (kind, name) => `docs/${kind ? `${kind}/${name}.md` : "index.md"}`;

/**
 * Rewrites the generated files' registry links to the page the package ships: in code
 * "Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#application_id)", in the READMEs a
 * relative link to that page.
 * @param {string} dir
 */
function pointDocsAtPackage(dir) {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|md)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, "utf8");
    // The bindings live in src/gen/<library>/ (wherever the test's regeneration writes them).
    const below = path.relative(dir, entry.parentPath);
    const toRoot = "../".repeat(3 + (below ? below.split(path.sep).length : 0));
    const rewritten = text
      .replace(
        IN_README,
        /** @type {(m: string, title: string, kind?: string, name?: string) => string} */
        (_m, title, kind, name) => `Docs: [${title}](${toRoot}${docsPage(kind, name)})`,
      )
      .replace(
        IN_CODE,
        /** @type {(m: string, kind?: string, name?: string, label?: string) => string} */
        (m, kind, name, label) => {
          const page = `cdktf-provider-appmgmt/${docsPage(kind, name)}`;
          return m.startsWith("Docs at") ? `Docs: ${page}${label ? ` (${label})` : ""}` : page;
        },
      );
    if (rewritten !== text) fs.writeFileSync(file, rewritten);
  }
}

module.exports = { generateBindings };
