// ARCHITECTURE.md §1 as a test: every import in src/ follows the layer table, the table itself is one-way,
// the doc's table says the same as this one, and no exported name is defined in two files of src/.
import * as fs from "node:fs";
import * as path from "node:path";
import {
  duplicateExports,
  exportedDefinitions,
  importSpecifiers,
  importsOf,
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
];

/** ARCHITECTURE.md §1's table: the layers and what each may import besides the leaf modules. */
const LAYERS: Layer[] = [
  {
    name: "constructs",
    paths: ["constructs", "cdktn"],
    mayImport: [
      "bindings",
      "rules",
      "manifest",
      "src/provider/schema",
      "src/cli/provider-artifact",
      "src/cli/installed-packages",
      "src/cli/terraform-platform",
    ],
  },
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
    mayImport: ["terraform model", "protocol", "provider", "client", "simulator", "review"],
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
        { file: "src/constructs/provider-lock.ts", imported: "src/cli/provider-artifact" },
        { file: "src/constructs/provider-lock.ts", imported: "src/cli/package" },
      ]),
    ).toEqual([
      "src/constructs/provider-lock.ts imports src/cli/package: constructs may import bindings, rules, manifest, " +
        "src/provider/schema, src/cli/provider-artifact, src/cli/installed-packages, src/cli/terraform-platform " +
        "(and the leaf modules), not cli",
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
