// ARCHITECTURE.md §1 as a test: every import in src/ follows the layer table, the table itself is one-way,
// the doc's table says the same as this one, and no exported name is defined in two files of src/.
import * as fs from "node:fs";
import * as path from "node:path";
import {
  codeFiles,
  duplicateExports,
  fileGraph,
  importCycles,
  edgesOf,
  exportedDefinitions,
  importSpecifiers,
  importsOf,
  longFunctions,
  layerCycles,
  layerViolations,
  sourceFiles,
  type ImportEdge,
  type Layer,
} from "../helpers/architecture";

const ROOT = path.join(__dirname, "..", "..");

/** The leaf modules: each imports nothing of the project but other leaf modules, and every layer may import it. */
const LEAF_MODULES = [
  "service-limits",
  "environment-limits",
  "service-wire",
  "process-alive",
  "own",
  "resource-types",
  "instance-effective",
];

/** ARCHITECTURE.md §1's table: the layers and what each may import besides the leaf modules. */
const LAYERS: Layer[] = [
  {
    name: "constructs",
    paths: ["constructs", "cdktn"],
    mayImport: ["bindings", "rules", "manifest", "src/provider/schema", "provider package"],
  },
  { name: "provider package", paths: ["provider-package"], mayImport: ["src/provider/schema"] },
  { name: "bindings", paths: ["gen/cdktf", "gen/cdktn"], mayImport: [] },
  { name: "rules", paths: ["rules"], mayImport: ["manifest"] },
  { name: "manifest", paths: ["manifest"], mayImport: [] },
  { name: "terraform model", paths: ["terraform-model"], mayImport: [] },
  { name: "protocol", paths: ["protocol"], mayImport: ["terraform model"] },
  { name: "provider", paths: ["provider"], mayImport: ["terraform model", "client", "rules", "manifest"] },
  { name: "client", paths: ["client"], mayImport: [] },
  { name: "simulator", paths: ["simulator"], mayImport: ["rules", "manifest"] },
  { name: "review", paths: ["review"], mayImport: ["rules", "manifest"] },
  {
    name: "cli",
    paths: ["cli"],
    mayImport: [
      "terraform model",
      "protocol",
      "provider",
      "client",
      "simulator",
      "review",
      "provider package",
    ],
  },
  { name: "package root", paths: ["index"], mayImport: ["constructs", "bindings", "rules", "manifest"] },
  ...LEAF_MODULES.map((m) => ({ name: `${m}.ts`, paths: [m], mayImport: [], leaf: true })),
];

const describeViolations = (edges: ImportEdge[]) =>
  layerViolations(LAYERS, edges).map((v) => `${v.file} imports ${v.imported}: ${v.rule}`);

describe("the layer checker", () => {
  it("reads every kind of import a file can make, and only the project's", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "../b";',
      'export * from "./c";',
      'import * as fs from "node:fs";',
      'import ts from "typescript";',
      'const load = () => require("../../d");',
      'async function later() { return import("./e"); }',
      'type F = typeof import("./f");',
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(["./a", "../b", "./c", "../../d", "./e", "./f"]);
  });

  it("names the importing file, the imported module and the rule of a forbidden arrow", () => {
    const graph = [
      { file: "src/provider/index.ts", imported: "src/terraform-model" },
      { file: "src/provider/instance/plan.ts", imported: "src/protocol/wire/messages" },
      { file: "src/provider/values.ts", imported: "src/own" },
    ];
    expect(describeViolations(graph)).toEqual([
      "src/provider/instance/plan.ts imports src/protocol/wire/messages: provider may import terraform model, " +
        "client, rules, manifest (and the leaf modules), not protocol",
    ]);
  });

  it("allows a single module where the table names one, and nothing else of its layer", () => {
    expect(
      describeViolations([
        { file: "src/constructs/provider-lock.ts", imported: "src/provider/schema" },
        { file: "src/constructs/provider-lock.ts", imported: "src/provider/catalog" },
      ]),
    ).toEqual([
      "src/constructs/provider-lock.ts imports src/provider/catalog: constructs may import bindings, rules, " +
        "manifest, src/provider/schema, provider package (and the leaf modules), not provider",
    ]);
  });

  it("refuses a construct importing the command line", () => {
    expect(
      describeViolations([{ file: "src/constructs/provider-lock.ts", imported: "src/cli/install-provider" }]),
    ).toEqual([
      "src/constructs/provider-lock.ts imports src/cli/install-provider: constructs may import bindings, rules, " +
        "manifest, src/provider/schema, provider package (and the leaf modules), not cli",
    ]);
  });

  it("follows the package's own name through its exports subpaths", () => {
    const text = [
      'const { AppMgmtClient } = require("cdktf-provider-appmgmt/client");',
      'import type { X } from "cdktf-provider-appmgmt";',
      'import "cdktf-provider-appmgmt/lib/client/index";',
      'import "cdktf-provider-appmgmt-other";',
    ].join("\n");
    expect(importSpecifiers(text, "cdktf-provider-appmgmt")).toEqual([
      "cdktf-provider-appmgmt/client",
      "cdktf-provider-appmgmt",
      "cdktf-provider-appmgmt/lib/client/index",
    ]);
    const edges = edgesOf(ROOT, "src/simulator/x.ts", text);
    expect(edges.map((e) => e.imported)).toEqual([
      "src/client",
      "src/index",
      "cdktf-provider-appmgmt/lib/client/index",
    ]);
    expect(describeViolations(edges)).toEqual([
      "src/simulator/x.ts imports src/client: simulator may import rules, manifest (and the leaf modules), not client",
      "src/simulator/x.ts imports src/index: simulator may import rules, manifest (and the leaf modules), not package root",
      "src/simulator/x.ts imports cdktf-provider-appmgmt/lib/client/index: cdktf-provider-appmgmt/lib/client/index " +
        "is in no layer of ARCHITECTURE.md §1",
    ]);
  });

  it("refuses a leaf module importing a layer, and files in no layer", () => {
    expect(
      describeViolations([
        { file: "src/service-wire.ts", imported: "src/own" },
        { file: "src/own.ts", imported: "src/rules" },
        { file: "src/new-folder/x.ts", imported: "src/own" },
        { file: "src/simulator/seed.ts", imported: "src/elsewhere" },
      ]),
    ).toEqual([
      "src/own.ts imports src/rules: own.ts is a leaf module: it imports nothing of the project but leaf modules",
      "src/new-folder/x.ts imports src/own: src/new-folder/x.ts is in no layer of ARCHITECTURE.md §1: add it to the table",
      "src/simulator/seed.ts imports src/elsewhere: src/elsewhere is in no layer of ARCHITECTURE.md §1",
    ]);
  });

  it("finds a circle in a table", () => {
    const table: Layer[] = [
      { name: "a", paths: ["a"], mayImport: ["b"] },
      { name: "b", paths: ["b"], mayImport: ["src/c/x"] },
      { name: "c", paths: ["c"], mayImport: ["a"] },
    ];
    expect(layerCycles(table)).toContain("a → b → c → a");
  });

  it("finds a name exported by two files, and not a re-export", () => {
    const definitions = [
      {
        file: "src/a.ts",
        text: "export function check() {}\nexport interface Shape {}\nexport const [x, { y }] = f();",
      },
      { file: "src/b.ts", text: 'import { x } from "./a";\nexport { x };\nexport { check } from "./a";' },
      {
        file: "src/c.ts",
        text: "const check = 1;\nexport { check as check, check as other };\nexport type y = 2;",
      },
    ].map(({ file, text }) => ({ file, names: exportedDefinitions(file, text) }));
    expect(definitions.map((d) => d.names.sort())).toEqual([
      ["Shape", "check", "x", "y"],
      [],
      ["check", "other", "y"],
    ]);
    expect([...duplicateExports(definitions)]).toEqual([
      ["check", ["src/a.ts", "src/c.ts"]],
      ["y", ["src/a.ts", "src/c.ts"]],
    ]);
  });
});

describe("src/", () => {
  const files = sourceFiles(ROOT, "src");

  it("imports only what ARCHITECTURE.md §1 allows", () => {
    const edges = files.flatMap((file) => importsOf(ROOT, file));
    expect(edges.length).toBeGreaterThan(500);
    expect(describeViolations(edges)).toEqual([]);
  });

  it("has a one-way layer table", () => {
    expect(layerCycles(LAYERS)).toEqual([]);
  });

  it("has the same table in ARCHITECTURE.md §1", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs", "dev", "ARCHITECTURE.md"), "utf8");
    const section = doc.slice(doc.indexOf("## §1"), doc.indexOf("## §2"));
    const rows = section
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| layer |"))
      .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| |\|$/g, "").trim()));
    const named = (cell: string) => [...cell.matchAll(/`src\/([^`]+?)(\/|\.ts)?`/g)].map((m) => m[1]);
    const layerNames = LAYERS.filter((l) => !l.leaf).map((l) => l.name);
    const documented = rows.map(([name, folders, , mayImport]) => {
      const words = mayImport.replace(/\([^)]*\)/g, "");
      return {
        name,
        paths: named(folders),
        mayImport: [
          ...layerNames.filter((l) => new RegExp(`(^|, )${l}(,|$| and)`).test(words)),
          ...named(words).map((m) => `src/${m}`),
        ],
      };
    });
    const leaves = documented.find((d) => d.name === "leaf modules");
    expect(leaves?.paths).toEqual(LEAF_MODULES);
    expect(leaves?.mayImport).toEqual([]);
    const sorted = ({ name, paths, mayImport }: Pick<Layer, "name" | "paths" | "mayImport">) => ({
      name,
      paths,
      mayImport: [...mayImport].sort(),
    });
    expect(documented.filter((d) => d !== leaves).map(sorted)).toEqual(
      LAYERS.filter((l) => !l.leaf).map(sorted),
    );
  });

  it("defines each exported name in one file (src/gen aside; src/cdktn repeats src/constructs for cdktn)", () => {
    const definitions = files
      .filter((file) => !file.startsWith("src/gen/"))
      .map((file) => ({
        file,
        names: exportedDefinitions(file, fs.readFileSync(path.join(ROOT, file), "utf8")),
      }));
    const twins = (files: string[]) =>
      files.length === 2 &&
      files[0].startsWith("src/cdktn/") &&
      files[1] === files[0].replace("cdktn", "constructs");
    const duplicates = [...duplicateExports(definitions)]
      .filter(([, where]) => !twins(where))
      .map(([name, where]) => `${name}: ${where.join(", ")}`);
    expect(duplicates).toEqual([]);
  });
});

/** Lines of a file's text (a last line without its newline counts). */
const lineCount = (text: string) =>
  text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** Hand-written code: src/ but for what the generators write, scripts/, bench/, bin/. */
function handWritten(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) return rel === "src/gen" || rel === "src/protocol/generated" ? [] : walk(rel);
      return /\.(ts|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [rel] : [];
    });
  return ["src", "scripts", "bench", "bin"].flatMap(walk);
}

describe("files", () => {
  it("counts lines as an editor shows them", () => {
    expect([lineCount("a\nb\n"), lineCount("a\nb"), lineCount("")]).toEqual([2, 2, 0]);
  });

  it("finds a function over the limit, by its name or the variable it is assigned to", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = `export function long() {\n${body(80)}\n}\nconst arrow = () => {\n${body(10)}\n};\n`;
    expect(longFunctions("src/x.ts", text, 80)).toEqual(["src/x.ts: long (82 lines)"]);
    expect(longFunctions("src/x.ts", text, 11)).toEqual([
      "src/x.ts: long (82 lines)",
      "src/x.ts: arrow (12 lines)",
    ]);
  });

  it("no hand-written function in src is over 80 lines", () => {
    const files = handWritten().filter((f) => f.startsWith("src/") && f.endsWith(".ts"));
    const long = files.flatMap((file) =>
      longFunctions(file, fs.readFileSync(path.join(ROOT, file), "utf8"), 80),
    );
    expect(long).toEqual([]);
  });

  it("no hand-written file is over 400 lines", () => {
    const files = handWritten();
    expect(files).toEqual(expect.arrayContaining(["src/client/client.ts", "scripts/generate-bindings.js"]));
    const long = files
      .map((file) => ({ file, lines: lineCount(fs.readFileSync(path.join(ROOT, file), "utf8")) }))
      .filter((f) => f.lines > 400)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});

describe("import cycles", () => {
  it("finds each circle of files once, type-only imports and lazy requires included", () => {
    const graph = new Map([
      ["src/a.ts", ["src/b.ts"]],
      ["src/b.ts", ["src/c.ts", "src/d.ts"]],
      ["src/c.ts", ["src/a.ts"]],
      ["src/d.ts", ["src/d.ts"]],
      ["src/e.ts", ["src/a.ts"]],
    ]);
    expect(importCycles(graph)).toEqual(["src/a.ts ⇄ src/b.ts ⇄ src/c.ts", "src/d.ts"]);
    const typeOnly = edgesOf(
      ROOT,
      "src/client/x.ts",
      'import type { A } from "./client";\nconst b = require("./sleep");',
    );
    expect(typeOnly.map((e) => e.imported)).toEqual(["src/client/client", "src/client/sleep"]);
  });

  it("src, scripts, bench, bin and test have none", () => {
    const files = codeFiles(ROOT, ["src", "scripts", "bench", "bin", "test"]);
    const graph = fileGraph(ROOT, files);
    // the graph resolves folders to their index and reaches across the trees
    expect(graph.get("src/provider/index.ts")).toContain("src/provider/launch-ledger.ts");
    expect(graph.get("scripts/generate-bindings.js")).toContain("scripts/generate-cdktn-bindings.js");
    expect(importCycles(graph)).toEqual([]);
  });
});
