// The developer docs are contracts (issue 40 item 10): every file they name exists, every relative link
// resolves, and every test name they quote after a test file is in that file. A renamed or moved file, or a
// renamed test, fails here instead of leaving a pointer to nothing.
import * as fs from "node:fs";
import * as path from "node:path";
import { linksAndCodeSpans } from "../../helpers/markdown";

const ROOT = path.join(__dirname, "..", "..", "..");
const DOCS = [
  "docs/dev/ARCHITECTURE.md",
  "docs/dev/TEAM-CONTRACTS.md",
  "docs/dev/HTTP2-CONFORMANCE.md",
  "bench/README.md",
];

/** The project folders a path in the docs is named from. */
const PATH = /(?<![\w./~-])(?:src|test|bench|scripts|bin|docs|examples|schema)\/[\w.*/-]*/g;

/** Whether a path exists under `root`; a `*` in a segment matches any run of characters but `/`. */
function exists(root: string, named: string): boolean {
  const segments = named.split("/").filter((s) => s !== "");
  const walk = (dir: string, i: number): boolean => {
    if (i === segments.length) return true;
    const segment = segments[i];
    if (!segment.includes("*")) {
      const next = path.join(dir, segment);
      return fs.existsSync(next) && walk(next, i + 1);
    }
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return false;
    const pattern = new RegExp(`^${segment.split("*").map(escape).join("[^/]*")}$`);
    return fs.readdirSync(dir).some((entry) => pattern.test(entry) && walk(path.join(dir, entry), i + 1));
  };
  return walk(root, 0);
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/**
 * What a document at `docPath` points at that is not there: project paths named anywhere in it (code, text,
 * tables), relative links, and test names quoted right after a test file (`` `test/x.test.ts` ("name") `` or
 * `` `test/x.test.ts`: "name", "other" ``), which must appear in that file.
 */
function brokenPointers(root: string, docPath: string, text: string): string[] {
  const broken: string[] = [];
  const named = new Set([...text.matchAll(PATH)].map((m) => m[0].replace(/[.,:;]+$/, "")));
  for (const p of named) if (!exists(root, p)) broken.push(`${docPath} names ${p}, which does not exist`);

  for (const href of linksAndCodeSpans(text).links) {
    if (/^[a-z]+:/i.test(href) || href.startsWith("#")) continue;
    const target = path.posix.join(path.posix.dirname(docPath), href.split("#")[0]);
    if (!exists(root, target)) broken.push(`${docPath} links to ${href}, which does not exist (${target})`);
  }

  const flat = text.replace(/\s+/g, " ");
  const quoted = /`(test\/[\w./-]+\.test\.ts)`(?::| \() ?((?:"[^"]+"(?:, (?:and )?| and )?)+)/g;
  for (const [, file, names] of flat.matchAll(quoted)) {
    if (!exists(root, file)) continue; // reported above
    const source = fs.readFileSync(path.join(root, file), "utf8");
    for (const [, name] of names.matchAll(/"([^"]+)"/g))
      if (!source.includes(name))
        broken.push(`${docPath} quotes "${name}" from ${file}, which has no such test`);
  }
  return broken;
}

describe("the developer docs point at what exists", () => {
  it.each(DOCS)("%s", (doc) => {
    const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
    expect(brokenPointers(ROOT, doc, text)).toEqual([]);
  });

  it("every bench script has a row in bench/README.md", () => {
    const readme = fs.readFileSync(path.join(ROOT, "bench", "README.md"), "utf8");
    const scripts = fs.readdirSync(path.join(ROOT, "bench")).filter((f) => f.endsWith(".js"));
    expect(scripts.filter((s) => !readme.includes(`bench/${s}`))).toEqual([]);
  });
});

describe("the pointer check", () => {
  const doc = "docs/dev/EXAMPLE.md";

  it("finds a missing source file, test file, bench script and glob, and a broken link", () => {
    const text = [
      "The rules live in `src/rules/index.ts` and `src/rules/nowhere.ts`; held by test/unit/rules/gone.test.ts,",
      "measured by `bench/no-such-bench.js`; one file per area in src/client/endpoints/*.ts, none in src/client/*.yaml.",
      "See [the architecture](ARCHITECTURE.md) and [nothing](MISSING.md#part).",
    ].join("\n");
    expect(brokenPointers(ROOT, doc, text)).toEqual([
      `${doc} names src/rules/nowhere.ts, which does not exist`,
      `${doc} names test/unit/rules/gone.test.ts, which does not exist`,
      `${doc} names bench/no-such-bench.js, which does not exist`,
      `${doc} names src/client/*.yaml, which does not exist`,
      `${doc} links to MISSING.md#part, which does not exist (docs/dev/MISSING.md)`,
    ]);
  });

  it("finds a quoted test name the test file does not have, across a line break", () => {
    const text = [
      'Held by `test/unit/provider/planner.test.ts` ("every computed attribute of every resource declares what an',
      'update plans for it") and `test/unit/provider/gone.test.ts`: "removes it when its environment lists it no',
      'more", "never removes anything".',
    ].join("\n");
    expect(brokenPointers(ROOT, doc, text)).toEqual([
      `${doc} quotes "never removes anything" from test/unit/provider/gone.test.ts, which has no such test`,
    ]);
  });
});
