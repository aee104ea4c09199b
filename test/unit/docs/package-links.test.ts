// Issue 28 item 7: what the README and the generated bindings point a package user at is in the package.
// Every relative link of README.md names a file the npm package ships (or a folder holding some), every path
// under examples/ or docs/ the README names in code is shipped, and the bindings link to the shipped docs
// pages instead of registry.terraform.io pages that do not exist.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { linksAndCodeSpans } from "../../helpers/markdown";

const ROOT = path.join(__dirname, "..", "..", "..");

/** What `npm pack` puts in the tarball (no script runs: nothing is built). */
const shipped: Set<string> = (() => {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [{ files }] = JSON.parse(out) as { files: { path: string }[] }[];
  return new Set(files.map((f) => f.path));
})();

/** A shipped file, or a folder with a shipped file in it. */
const isShipped = (p: string) => {
  const clean = path.posix.normalize(p).replace(/\/$/, "");
  return shipped.has(clean) || [...shipped].some((f) => f.startsWith(`${clean}/`));
};

const readme = linksAndCodeSpans(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"));

test("every relative link of README.md resolves to something the package ships, or is absolute", () => {
  const relative = readme.links
    .filter((href) => !href.startsWith("#") && !/^[a-z][a-z+.-]*:/i.test(href))
    .map((href) => href.split("#")[0]);
  expect(relative.length).toBeGreaterThan(5);
  expect(relative.filter((p) => !isShipped(p))).toEqual([]);
});

test("every examples/ and docs/ path the README names is shipped", () => {
  const named = readme.codeSpans.filter((c) => /^(examples|docs)\/\S*$/.test(c));
  expect(named).toEqual(expect.arrayContaining(["examples/hcl/", "examples/pipelines/"]));
  expect(named.filter((p) => !isShipped(p))).toEqual([]);
});

test("the generated bindings point at the shipped docs pages, not at registry pages that do not exist", () => {
  const pages = new Set<string>();
  for (const lib of ["cdktf", "cdktn"]) {
    const dir = path.join(ROOT, "src", "gen", lib);
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!/\.(ts|md)$/.test(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      expect({ file, registry: text.includes("registry.terraform.io/providers/") }).toEqual({
        file,
        registry: false,
      });
      for (const m of text.matchAll(/cdktf-provider-appmgmt\/(docs\/[\w/-]+\.md)/g)) pages.add(m[1]);
    }
  }
  expect([...pages].sort()).toEqual(expect.arrayContaining(["docs/index.md", "docs/resources/instance.md"]));
  expect([...pages].filter((p) => !shipped.has(p))).toEqual([]);
});
