// docs/index.md, docs/resources/ and docs/data-sources/ are generated (scripts/generate-docs.js) and
// committed: they must match what `npm run generate` writes from today's schema and examples/hcl/main.tf.
import * as fs from "node:fs";
import * as path from "node:path";

const {
  currentSchemaDocument,
}: { currentSchemaDocument(): ProviderDocument } = require("../../../scripts/generate-bindings.js");
const {
  registryDocs,
  DOCS_DIR,
}: {
  registryDocs(document: unknown): Record<string, string>;
  DOCS_DIR: string;
} = require("../../../scripts/generate-docs.js");

interface ProviderDocument {
  provider_schemas: Record<
    string,
    { provider: { block: object }; resource_schemas: object; data_source_schemas: object }
  >;
}

const STALE = "run `npm run generate` and commit docs/";

function committedPages(): string[] {
  const under = (dir: string) =>
    fs.existsSync(path.join(DOCS_DIR, dir))
      ? fs.readdirSync(path.join(DOCS_DIR, dir)).map((f) => path.join(dir, f))
      : [];
  return ["index.md", ...under("resources"), ...under("data-sources")].sort();
}

describe("registry docs", () => {
  const document = currentSchemaDocument();
  const pages = registryDocs(document);

  test("one page for the provider, each resource and each data source, in the registry's layout", () => {
    const [schemas] = Object.values(document.provider_schemas);
    const page = (dir: string) => (type: string) => path.join(dir, `${type.replace(/^appmgmt_/, "")}.md`);
    expect(Object.keys(pages).sort()).toEqual(
      [
        "index.md",
        ...Object.keys(schemas.resource_schemas).map(page("resources")),
        ...Object.keys(schemas.data_source_schemas).map(page("data-sources")),
      ].sort(),
    );
    expect(committedPages()).toEqual(Object.keys(pages).sort());
  });

  test.each(Object.keys(registryDocs(currentSchemaDocument())))("%s is up to date", (page) => {
    const committed = fs.readFileSync(path.join(DOCS_DIR, page), "utf8");
    if (committed !== pages[page]) throw new Error(`docs/${page} is stale: ${STALE}`);
  });

  test("a section lists its attributes and blocks together, by name, whatever the document's order", () => {
    const shuffled = currentSchemaDocument();
    const [schemas] = Object.values(shuffled.provider_schemas);
    const optional = { type: "string", optional: true, description: "x", description_kind: "plain" };
    schemas.provider.block = {
      attributes: { zeta: optional, alpha: optional },
      block_types: {
        middle: { nesting_mode: "list", block: { description: "x", description_kind: "plain" } },
      },
      description: "The provider.",
      description_kind: "plain",
    };
    const listed = [...registryDocs(shuffled)["index.md"].matchAll(/^- `(\w+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual(["alpha", "middle", "zeta"]);
  });

  test.each(Object.entries(registryDocs(currentSchemaDocument())))(
    "%s has front matter, an example, a schema and working anchors",
    (page, text) => {
      expect(text).toMatch(/^---\npage_title: ".+"\nsubcategory: ""\ndescription: \|-\n {2}\S.*\n---\n/);
      expect(text).toMatch(/## Example Usage\n\n```terraform\n[\s\S]+?\n```/);
      expect(text).toContain("## Schema");
      for (const [, anchor] of text.matchAll(/\(#([\w-]+)\)/g))
        expect(text).toContain(`<a id="${anchor}"></a>`);
      if (page.startsWith("resources/")) expect(text).toMatch(/## Import\n[\s\S]*terraform import appmgmt_/);
    },
  );
});
