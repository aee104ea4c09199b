// Part of `npm run generate` (called from generate-bindings.js): the provider's user docs in the
// Terraform Registry layout (docs/index.md, docs/resources/*.md, docs/data-sources/*.md), the format
// tfplugindocs writes: front matter, description, example usage, schema (Required / Optional /
// Read-Only, then a section per nested attribute or block), import. Everything comes from the schema
// document (the descriptions in src/provider/schema.ts) and from examples/hcl/main.tf (the examples,
// which test/acceptance/example-hcl.test.ts applies), so the docs cannot drift from either;
// test/unit/docs/registry-docs.test.ts fails when the committed docs are stale.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const DOCS_DIR = path.join(ROOT, "docs");
const EXAMPLE_FILE = path.join(ROOT, "examples", "hcl", "main.tf");
const PROVIDER_NAME = "appmgmt";
/** An id in the format the service uses, for the import examples. */
const EXAMPLE_ID = "65f1c0ffee0000000000abcd";

/**
 * @typedef {import("../src/terraform-model/schema-json").ProviderSchemasDocument} ProviderSchemasDocument
 * @typedef {import("../src/terraform-model/schema-json").SchemaJson} SchemaJson
 * @typedef {import("../src/terraform-model/schema-json").BlockJson} BlockJson
 * @typedef {import("../src/terraform-model/schema-json").NestedTypeJson} NestedTypeJson
 * @typedef {import("../src/terraform-model/schema-json").AttributeJson} AttributeJson
 * @typedef {import("../src/terraform-model").CtyType} CtyType
 */

/**
 * The top-level HCL block `kind "label" ...{` ... `}` of `hcl` (with the comment lines right above it),
 * or undefined. Top-level blocks of a `terraform fmt`ed file close with a `}` in column 0.
 * @param {string} hcl
 * @param {string} header
 */
function hclBlock(hcl, header) {
  const lines = hcl.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`${header} `) || l === `${header} {}`);
  if (start < 0) return undefined;
  let first = start;
  while (first > 0 && lines[first - 1].startsWith("#")) first--;
  const end = lines[start].endsWith("{}") ? start : lines.findIndex((l, i) => i > start && l === "}");
  return lines.slice(first, end + 1).join("\n");
}

/**
 * @param {string} hcl
 * @param {string} header
 */
function exampleFor(hcl, header) {
  const block = hclBlock(hcl, header);
  if (!block) throw new Error(`${path.relative(ROOT, EXAMPLE_FILE)} has no \`${header}\` block to document`);
  return block;
}

/**
 * tfplugindocs' name of a cty type: String, List of String, Map of Object, ...
 * @param {CtyType} type
 * @returns {string}
 */
function typeName(type) {
  if (typeof type === "string") return capitalized(type);
  if (type[0] === "object") return "Object";
  if (type[0] === "tuple") return "Tuple";
  return `${capitalized(type[0])} of ${typeName(type[1])}`;
}

/** @param {string} word */
const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** @type {Partial<Record<import("../src/terraform-model").NestingMode, string>>} */
const NESTING = { single: "", list: " List", set: " Set", map: " Map" };

/** @param {AttributeJson} attr */
function section(attr) {
  if (attr.required) return "Required";
  if (attr.optional) return "Optional";
  return "Read-Only";
}

/** @param {string | undefined} text */
function oneLine(text) {
  return (text ?? "").replace(/\s*\n\s*/g, " ").trim();
}

/**
 * The schema of `block` as Markdown lists; nested schemas follow, anchored `nested<kind>--<path>`.
 * @param {BlockJson | NestedTypeJson} block
 * @param {string[]} [anchorPath]
 * @returns {string}
 */
function schemaMarkdown(block, anchorPath = [], level = 0) {
  /** @type {{ name: string, section: string, text: string }[]} */
  const entries = [];
  /** @type {{ name: string, anchor: string, block: BlockJson | NestedTypeJson, path: string[] }[]} */
  const nested = [];
  for (const [name, attr] of Object.entries(block.attributes ?? {})) {
    const flags = attr.sensitive ? ", Sensitive" : "";
    const deprecated = attr.deprecated ? ", Deprecated" : "";
    let type;
    let link = "";
    if (attr.nested_type) {
      const anchor = `nestedatt--${[...anchorPath, name].join("--")}`;
      type = `Attributes${NESTING[attr.nested_type.nesting_mode]}`;
      link = ` (see [below for nested schema](#${anchor}))`;
      nested.push({ name, anchor, block: attr.nested_type, path: [...anchorPath, name] });
    } else {
      if (!attr.type)
        throw new Error(`attribute ${[...anchorPath, name].join(".")} has neither a type nor a nested type`);
      type = typeName(attr.type);
    }
    entries.push({
      name,
      section: section(attr),
      text: `- \`${name}\` (${type}${flags}${deprecated}) ${oneLine(attr.description)}${link}`,
    });
  }
  // A nested attribute's type has attributes only; a block can have blocks too.
  const blockTypes = ("block_types" in block && block.block_types) || {};
  for (const [name, blockType] of Object.entries(blockTypes)) {
    const anchor = `nestedblock--${[...anchorPath, name].join("--")}`;
    const kind = `Block${NESTING[blockType.nesting_mode] ?? ""}`;
    const required = (blockType.min_items ?? 0) > 0;
    entries.push({
      name,
      section: required ? "Required" : "Optional",
      text: `- \`${name}\` (${kind}, ${required ? "Required" : "Optional"}) ${oneLine(blockType.block.description)} (see [below for nested schema](#${anchor}))`,
    });
    nested.push({ name, anchor, block: blockType.block, path: [...anchorPath, name] });
  }

  const out = [];
  for (const name of ["Required", "Optional", "Read-Only"]) {
    const items = entries
      .filter((e) => e.section === name)
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((e) => e.text);
    if (!items.length) continue;
    out.push(level === 0 ? `### ${name}\n` : `${name}:\n`, items.join("\n"), "");
  }
  for (const n of nested) {
    out.push(`<a id="${n.anchor}"></a>`, `### Nested Schema for \`${n.path.join(".")}\`\n`);
    out.push(schemaMarkdown(n.block, n.path, level + 1));
  }
  return out.join("\n");
}

/**
 * @param {string} title
 * @param {string | undefined} description
 */
function frontMatter(title, description) {
  const body = oneLine(description);
  return ["---", `page_title: "${title}"`, 'subcategory: ""', "description: |-", `  ${body}`, "---", ""].join(
    "\n",
  );
}

/** @param {string} code */
function terraformFence(code) {
  return ["```terraform", code, "```"].join("\n");
}

/**
 * @param {SchemaJson} schema
 * @param {string} hcl
 * @param {string} version
 */
function providerPage(schema, hcl, version) {
  const example = [exampleFor(hcl, "terraform"), "", exampleFor(hcl, 'provider "appmgmt"')].join("\n");
  return [
    frontMatter(`Provider: ${PROVIDER_NAME}`, schema.block.description),
    `# ${PROVIDER_NAME} Provider\n`,
    `${oneLine(schema.block.description)}\n`,
    "The provider is not published on a public registry: install it where terraform and OpenTofu find it " +
      "offline with `npx --no-install appmgmt install-provider` (from the `cdktf-provider-appmgmt` npm package, " +
      `version ${version}); see the package's README for lock files, mirrors and CI.\n`,
    "## Example Usage\n",
    terraformFence(example),
    "",
    "## Schema\n",
    schemaMarkdown(schema.block),
  ].join("\n");
}

/**
 * @param {string} type
 * @param {SchemaJson} schema
 * @param {string} hcl
 */
function resourcePage(type, schema, hcl) {
  const example = exampleFor(hcl, `resource "${type}"`);
  const label = /^resource "[^"]+" "([^"]+)"/m.exec(example);
  if (!label)
    throw new Error(`the \`resource "${type}"\` example in ${path.relative(ROOT, EXAMPLE_FILE)} has no name`);
  const address = `${type}.${label[1]}`;
  return [
    frontMatter(`${type} Resource - ${PROVIDER_NAME}`, schema.block.description),
    `# ${type} (Resource)\n`,
    `${oneLine(schema.block.description)}\n`,
    "## Example Usage\n",
    terraformFence(example),
    "",
    "## Schema\n",
    schemaMarkdown(schema.block),
    "## Import\n",
    `Import is supported using the ${type.replace(/^appmgmt_/, "")} id. In Terraform v1.5.0 and later, use an \`import\` block:\n`,
    terraformFence(`import {\n  to = ${address}\n  id = "${EXAMPLE_ID}"\n}`),
    "",
    "Or with `terraform import`:\n",
    ["```shell", `terraform import ${address} ${EXAMPLE_ID}`, "```"].join("\n"),
    "",
  ].join("\n");
}

/**
 * @param {string} type
 * @param {SchemaJson} schema
 * @param {string} hcl
 */
function dataSourcePage(type, schema, hcl) {
  return [
    frontMatter(`${type} Data Source - ${PROVIDER_NAME}`, schema.block.description),
    `# ${type} (Data Source)\n`,
    `${oneLine(schema.block.description)}\n`,
    "## Example Usage\n",
    terraformFence(exampleFor(hcl, `data "${type}"`)),
    "",
    "## Schema\n",
    schemaMarkdown(schema.block),
  ].join("\n");
}

/**
 * The docs for `document` (a `providers schema -json` document): { relative path: Markdown }.
 * @param {ProviderSchemasDocument} document
 * @returns {Record<string, string>}
 */
function registryDocs(document, hcl = fs.readFileSync(EXAMPLE_FILE, "utf8")) {
  const [[source, schemas]] = Object.entries(document.provider_schemas);
  const version = document.provider_versions?.[source] ?? "";
  /** @param {string} text */
  const tidy = (text) => `${text.replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
  /** @type {Record<string, string>} */
  const files = { "index.md": tidy(providerPage(schemas.provider, hcl, version)) };
  /** @param {string} type */
  const file = (type) => `${type.slice(PROVIDER_NAME.length + 1)}.md`;
  for (const [type, schema] of Object.entries(schemas.resource_schemas ?? {}))
    files[path.join("resources", file(type))] = tidy(resourcePage(type, schema, hcl));
  for (const [type, schema] of Object.entries(schemas.data_source_schemas ?? {}))
    files[path.join("data-sources", file(type))] = tidy(dataSourcePage(type, schema, hcl));
  return files;
}

/**
 * Writes the docs into `docsDir`, replacing the generated folders (docs/dev/ is left alone).
 * @param {ProviderSchemasDocument} document
 */
function writeRegistryDocs(document, docsDir = DOCS_DIR) {
  const files = registryDocs(document);
  for (const dir of ["resources", "data-sources"])
    fs.rmSync(path.join(docsDir, dir), { recursive: true, force: true });
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(docsDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(docsDir, relative), text);
  }
  return Object.keys(files);
}

module.exports = { registryDocs, writeRegistryDocs, DOCS_DIR };
