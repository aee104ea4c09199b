// Every documented command runs the appmgmt this package installed. A bare `npx appmgmt` (or `npm exec
// appmgmt`) run where the package is not installed asks the registry for a package named `appmgmt`, which is
// not ours, and would download and run it if one were published; `npx --no-install` and `npm exec --no`
// never install anything.
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..", "..");

/** Where commands are written down for users: docs, examples, pipeline recipes, and the sources of text. */
const SCANNED = ["README.md", "docs", "examples", "src", "scripts", "bench", "bin"];
const TEXT = /\.(md|ts|js|ya?ml|tf|json|sh)$/;

function files(rel: string): string[] {
  const full = path.join(ROOT, rel);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return TEXT.test(rel) ? [rel] : [];
  return fs
    .readdirSync(full)
    .filter((name) => name !== "node_modules" && name !== "cdktf.out" && !name.startsWith("."))
    .flatMap((name) => files(path.join(rel, name)));
}

/**
 * An npx or npm exec that can reach `appmgmt` without a flag forbidding installs: the options between
 * the command and `appmgmt` are read one by one, so `npx -y appmgmt` counts and `npx --no-install appmgmt`
 * does not.
 */
export function bareInvocations(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(npx|npm\s+exec)((?:\s+-[\w-]+(?:=\S+)?)*)\s+(?:--\s+)?appmgmt\b/g)) {
    const flags = m[2].split(/\s+/).filter(Boolean);
    if (!flags.some((f) => f === "--no-install" || f === "--no" || f === "--yes=false")) found.push(m[0]);
  }
  return found;
}

describe("documented appmgmt commands", () => {
  test("the scan recognises a bare npx and accepts the forms that never install", () => {
    expect(bareInvocations("npx appmgmt sim")).toEqual(["npx appmgmt"]);
    expect(bareInvocations("run: npx -y appmgmt review")).toHaveLength(1);
    expect(bareInvocations("npm exec -- appmgmt review")).toHaveLength(1);
    expect(bareInvocations("npx --no-install appmgmt sim")).toEqual([]);
    expect(bareInvocations("npm exec --no -- appmgmt sim")).toEqual([]);
    expect(bareInvocations("npx cdktf deploy")).toEqual([]);
  });

  test("no README, doc, example, pipeline recipe or message runs a bare `npx appmgmt`", () => {
    const scanned = SCANNED.flatMap(files);
    expect(scanned).toEqual(expect.arrayContaining(["README.md", "examples/pipelines/github/hcl.yml"]));
    const offenders = scanned.flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => bareInvocations(line).map((hit) => `${file}:${i + 1}: ${hit}`)),
    );
    expect(offenders).toEqual([]);
  });
});
