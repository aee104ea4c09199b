// Reads src/ as the TypeScript compiler sees it, for the architecture test (test/unit/architecture.test.ts):
// which module each file imports, and which names each file defines and exports. The layer table the
// imports are checked against mirrors docs/dev/ARCHITECTURE.md §1.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

/** A layer of ARCHITECTURE.md §1: the folders (or files) of src/ it holds and the layers it may import. */
export interface Layer {
  name: string;
  /** Paths relative to src/, without `.ts`: a folder holds everything below it. */
  paths: string[];
  /** Names of layers, or single modules (`src/provider-package/provider-artifact`) where only one is allowed. */
  mayImport: string[];
  /** A leaf layer imports only the leaf layers it names, and every layer may import it. */
  leaf?: boolean;
}

/** One import of a file of src/, both relative to the repository root. */
export interface ImportEdge {
  file: string;
  /** The module imported, resolved against the importing file, without `.ts` or `/index`. */
  imported: string;
}

export interface LayerViolation extends ImportEdge {
  rule: string;
}

/** Code files standing loose in `dir` itself rather than in a folder of it, its index.ts aside. */
export function looseFiles(root: string, dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs|cjs)$/.test(e.name) && e.name !== "index.ts")
    .map((e) => path.posix.join(dir, e.name))
    .sort();
}

export function sourceFiles(root: string, dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(root, path.posix.join(dir, e.name))
        : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")
          ? [path.posix.join(dir, e.name)]
          : [],
    )
    .sort();
}

/**
 * The project modules a file imports (static, `import type`, `export … from`, `import()` and `require`),
 * as the compiler's pre-processor finds them: relative ones, and the package's own name with its
 * `exports` subpaths (`require("cdktf-provider-appmgmt/client")` is src/client); other packages and node:
 * modules are not the layers' business.
 */
export function importsOf(root: string, file: string): ImportEdge[] {
  return edgesOf(root, file, fs.readFileSync(path.join(root, file), "utf8"));
}

/** The imports of `text`, as if it were `file`'s. */
export function edgesOf(root: string, file: string, text: string): ImportEdge[] {
  const self = selfPackage(root);
  return importSpecifiers(text, self.name).map((specifier) => ({
    file,
    imported: resolveModule(root, file, specifier, self),
  }));
}

/** The relative module specifiers in a file's text, and those naming the package itself, in order. */
export function importSpecifiers(text: string, selfName = ""): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith(".") || (selfName !== "" && isSelf(name, selfName)));
}

interface SelfPackage {
  name: string;
  /** Each `exports` subpath ("." , "./client") with the file it names (`./lib/client/index.js`). */
  exports: Map<string, string>;
}

const selfPackages = new Map<string, SelfPackage>();

/** The package's name and `exports`, from its package.json. */
function selfPackage(root: string): SelfPackage {
  let self = selfPackages.get(root);
  if (!self) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      name: string;
      exports?: Record<string, string | { default?: string }>;
    };
    const exports = new Map<string, string>();
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      const file = typeof target === "string" ? target : target.default;
      if (file) exports.set(subpath, file);
    }
    selfPackages.set(root, (self = { name: pkg.name, exports }));
  }
  return self;
}

function isSelf(specifier: string, name: string): boolean {
  return specifier === name || specifier.startsWith(`${name}/`);
}

/**
 * `../terraform-model` from src/provider/x.ts is src/terraform-model (its index); `./a.ts` is src/…/a; the
 * package's own `cdktf-provider-appmgmt/client` is the source of the file its `exports` names (lib/ is
 * src/ built); a subpath `exports` lacks resolves to itself, in no layer.
 */
function resolveModule(root: string, file: string, specifier: string, self: SelfPackage): string {
  let joined: string;
  if (isSelf(specifier, self.name)) {
    const target = self.exports.get(`.${specifier.slice(self.name.length)}`);
    if (!target?.startsWith("./lib/")) return specifier;
    joined = `src/${target.slice("./lib/".length)}`;
  } else {
    joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  }
  const bare = joined.replace(/\.(ts|js)$/, "");
  if (!fs.existsSync(path.join(root, bare + ".ts")) && fs.existsSync(path.join(root, bare, "index.ts")))
    return bare;
  // src/index.ts is the package root's own module, not the folder src/
  return bare === "src/index" ? bare : bare.replace(/\/index$/, "");
}

/** The layer a module of src/ belongs to, or undefined when no row of the table holds it. */
export function layerOf(layers: Layer[], module: string): Layer | undefined {
  if (!module.startsWith("src/")) return undefined;
  const inSrc = module.slice("src/".length).replace(/\.ts$/, "");
  return layers.find((l) => l.paths.some((p) => inSrc === p || inSrc.startsWith(p + "/")));
}

/** Every import that the table does not allow, with the rule it breaks. */
export function layerViolations(layers: Layer[], edges: ImportEdge[]): LayerViolation[] {
  return edges.flatMap((edge) => {
    const rule = brokenRule(layers, edge);
    return rule ? [{ ...edge, rule }] : [];
  });
}

function brokenRule(layers: Layer[], edge: ImportEdge): string | undefined {
  const from = layerOf(layers, edge.file);
  const to = layerOf(layers, edge.imported);
  if (!from) return `${edge.file} is in no layer of ARCHITECTURE.md §1: add it to the table`;
  if (!to) return `${edge.imported} is in no layer of ARCHITECTURE.md §1`;
  if (from === to) return undefined;
  if (to.leaf && !from.leaf) return undefined;
  if (from.mayImport.some((m) => m === to.name || m === edge.imported)) return undefined;
  const allowed = from.mayImport.length ? from.mayImport.join(", ") : "nothing of the project";
  if (from.leaf) return `${from.name} is a leaf layer: it may import ${allowed}, not ${to.name}`;
  return `${from.name} may import ${allowed} (and the leaf layers), not ${to.name}`;
}

/** Names of the table's arrows that go round in a circle (a layer reaching itself through others). */
export function layerCycles(layers: Layer[]): string[] {
  const byName = new Map(layers.map((l) => [l.name, l]));
  const cycles: string[] = [];
  const visit = (name: string, trail: string[]): void => {
    if (trail.includes(name)) {
      cycles.push([...trail.slice(trail.indexOf(name)), name].join(" → "));
      return;
    }
    for (const next of byName.get(name)?.mayImport ?? [])
      visit(byName.has(next) ? next : (layerOf(layers, next)?.name ?? next), [...trail, name]);
  };
  for (const l of layers) visit(l.name, []);
  return [...new Set(cycles)];
}

/**
 * The names a file defines and exports: declarations with `export`, and `export { local as name }` of its
 * own bindings. Re-exports (`export … from`, or `export { x }` of an imported x) define nothing.
 */
export function exportedDefinitions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  const imported = new Set(
    source.statements.filter(ts.isImportDeclaration).flatMap((i) => {
      const clause = i.importClause;
      const bindings = clause?.namedBindings;
      return [
        ...(clause?.name ? [clause.name.text] : []),
        ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name.text) : []),
        ...(bindings && ts.isNamespaceImport(bindings) ? [bindings.name.text] : []),
      ];
    }),
  );
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause))
        continue;
      for (const e of statement.exportClause.elements)
        if (!imported.has((e.propertyName ?? e.name).text)) names.add(e.name.text);
    } else if (!exported(statement)) {
      continue;
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations)
        bindingNames(d.name).forEach((n) => names.add(n));
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    ) {
      names.add(statement.name.text);
    }
  }
  return [...names];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

/** Each exported name defined in more than one file, with the files. */
export function duplicateExports(definitions: { file: string; names: string[] }[]): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const { file, names } of definitions)
    for (const name of names) where.set(name, [...(where.get(name) ?? []), file]);
  return new Map([...where].filter(([, files]) => files.length > 1));
}

/** The code files under `dirs` (TypeScript and JavaScript, declarations aside), relative to `root`. */
export function codeFiles(root: string, dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) return e.name === "node_modules" || e.name === "fixtures" ? [] : walk(rel);
      return /\.(ts|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [rel] : [];
    });
  return dirs.flatMap(walk).sort();
}

/** The file a module of `importsOf` names (`src/client` is src/client/index.ts), or undefined for none. */
function fileOfModule(root: string, module: string): string | undefined {
  return [".ts", ".js", "/index.ts", "/index.js", ""]
    .map((ending) => module + ending)
    .find((file) => fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile());
}

/** Each file with the project's files it imports, type-only imports and lazy requires included. */
export function fileGraph(root: string, files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [file, importsOf(root, file).flatMap((e) => fileOfModule(root, e.imported) ?? [])]),
  );
}

/**
 * The import cycles of `graph`: each strongly connected group of files (Tarjan's algorithm, linear in the
 * edges, where following every path is exponential), as its files sorted and joined by " ⇄ ".
 */
export function importCycles(graph: Map<string, string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort().join(" ⇄ "));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort();
}

/** Each function of `text` (declarations, methods, arrows, function expressions) longer than `max` lines. */
export function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const long: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      if (last - first + 1 > max)
        long.push(`${file}: ${functionName(node, source)} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

function functionName(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return `function at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}
