// src/gen and schema/appmgmt.json are generated and committed: they must match what `npm run generate`
// produces from the provider's schema today.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const generator: {
  currentSchemaDocument(): unknown;
  schemaText(document: unknown): string;
  generateBindings(document: unknown, targetDir: string): Promise<void>;
  SCHEMA_FILE: string;
  GEN_DIR: string;
} = require("../../../scripts/generate-bindings.js");

function listFiles(dir: string, prefix = ""): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)],
    )
    .sort();
}

const STALE = "run `npm run generate` and commit schema/appmgmt.json and src/gen/";

describe("generated bindings", () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-gen-"));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("the committed schema document matches the provider's schema", () => {
    const committed = fs.readFileSync(generator.SCHEMA_FILE, "utf8");
    const current = generator.schemaText(generator.currentSchemaDocument());
    if (committed !== current) throw new Error(`schema/appmgmt.json is stale: ${STALE}`);
    expect(JSON.parse(committed).provider_versions).toEqual({
      "registry.terraform.io/appmgmt/appmgmt": expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("regenerating from the committed schema reproduces src/gen exactly", async () => {
    const document = JSON.parse(fs.readFileSync(generator.SCHEMA_FILE, "utf8"));
    await generator.generateBindings(document, tmp);
    const expected = listFiles(tmp);
    expect(listFiles(generator.GEN_DIR)).toEqual(expected);
    expect(expected).toContain(path.join("providers", "appmgmt", "instance", "index.ts"));
    const differing = expected.filter(
      (f) =>
        fs.readFileSync(path.join(tmp, f), "utf8") !==
        fs.readFileSync(path.join(generator.GEN_DIR, f), "utf8"),
    );
    if (differing.length > 0) throw new Error(`src/gen differs in ${differing.join(", ")}: ${STALE}`);
  });
});
