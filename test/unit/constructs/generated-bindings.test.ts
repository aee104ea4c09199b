// src/gen/cdktf, src/gen/cdktn and schema/appmgmt.json are generated and committed: they must match what
// `npm run generate` produces from the provider's schema today.
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
const cdktnGenerator: {
  generateCdktnBindings(document: unknown, targetDir: string): Promise<void>;
  CDKTN_GEN_DIR: string;
} = require("../../../scripts/generate-cdktn-bindings.js");

function listFiles(dir: string, prefix = ""): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)],
    )
    .sort();
}

const STALE = "run `npm run generate` and commit schema/appmgmt.json, src/gen/";

const BINDING_SETS = [
  {
    library: "cdktf",
    dir: generator.GEN_DIR,
    generate: (document: unknown, dir: string) => generator.generateBindings(document, dir),
  },
  { library: "cdktn", dir: cdktnGenerator.CDKTN_GEN_DIR, generate: cdktnGenerator.generateCdktnBindings },
];

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

  it("src/gen/ holds exactly one folder per binding set", () => {
    // Each generator empties only its own folder: a stray entry beside them would never be regenerated.
    const genRoot = path.dirname(generator.GEN_DIR);
    const libraries = BINDING_SETS.map(({ library }) => library);
    expect(BINDING_SETS.map(({ dir }) => path.relative(genRoot, dir))).toEqual(libraries);
    expect(fs.readdirSync(genRoot).sort()).toEqual(libraries.sort());
  });

  it.each(BINDING_SETS)(
    "regenerating the $library bindings from the committed schema reproduces them exactly",
    async ({ library, dir, generate }) => {
      const document = JSON.parse(fs.readFileSync(generator.SCHEMA_FILE, "utf8"));
      const target = path.join(tmp, library);
      await generate(document, target);
      const expected = listFiles(target);
      expect(listFiles(dir)).toEqual(expected);
      const instanceFile = path.join("providers", "appmgmt", "instance", "index.ts");
      expect(expected).toContain(instanceFile);
      // Each set is built on its own library.
      expect(fs.readFileSync(path.join(target, instanceFile), "utf8")).toContain(
        `import * as ${library} from '${library}';`,
      );
      const differing = expected.filter(
        (f) => fs.readFileSync(path.join(target, f), "utf8") !== fs.readFileSync(path.join(dir, f), "utf8"),
      );
      const shown = path.relative(path.join(__dirname, "../../.."), dir);
      if (differing.length > 0) throw new Error(`${shown} differs in ${differing.join(", ")}: ${STALE}`);
    },
  );
});
