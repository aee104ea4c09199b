// README "Testing your stacks" at the user's tier (issue 28 item 4): a project holding that section's files
// as printed (jest.config.js, setup-jest.ts, shop.test.ts, with the cdktf recipe's tsconfig.json and
// webshop.manifest.yaml) runs them with its own jest, the package linked into its node_modules. Then, as on
// day two (issue 39 item 2), two test files are added and jest runs again on its cache: one using the
// matchers, which must still type-check (ts-jest type-checks a file against tsconfig's files and the files it
// compiled this run, so a cached setup-jest.ts outside tsconfig's include lost the matchers' types: TS2339),
// and one written the same way whose stack sets a bound submodule parameter literally, which fails with the
// "Validation failed" message `cdktf synth` gives for the same stack (fixtures/violating-app.ts). The same for cdktn, its imports changed as the README's comments say, on
// the Node 22 cdktn-cli needs.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { CdkCliSession, cdktfProject, type CliRun } from "../helpers/cdk-cli";
import { parseMarkdown, type MarkdownSection } from "../helpers/markdown";

const { node22 } = require("../../scripts/node22.js") as { node22(): { path: string } };

const ROOT = cdktfProject.ROOT;
const README = parseMarkdown(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"));
/** The packages `npm install -D jest ts-jest @types/jest` and the cdktf/cdktn recipes install. */
const LINKED = ["jest", "ts-jest", "@types/jest", "typescript", "cdktf", "cdktn", "constructs"];

function section(heading: string): MarkdownSection {
  const found = README.find((s) => s.heading === heading);
  if (!found) throw new Error(`README.md has no section "${heading}"`);
  return found;
}

/** The files of a section: fences whose info string names one (```ts shop.test.ts). */
function files(s: MarkdownSection): Record<string, string> {
  return Object.fromEntries(
    s.code.filter((c) => c.info.split(/\s+/)[1]).map((c) => [c.info.split(/\s+/)[1], c.content]),
  );
}

const testing = section("Testing your stacks");
const commands = testing.code.filter((c) => c.lang === "sh").map((c) => c.content.trim());

/** A test written as the README's, whose stack breaks the webshop's binding rule with literal values. */
const VIOLATING_TEST = `import { Testing, TerraformStack } from "cdktf";
import { AppMgmtProvider, ApplicationInstance, ApplicationManifest, bindings } from "cdktf-provider-appmgmt";

test("the database is large", () => {
  const stack = new TerraformStack(Testing.app(), "violating");
  new AppMgmtProvider(stack, "appmgmt", {});
  new ApplicationInstance(stack, "webshop", {
    application: "5f0000000000000000000a11",
    manifest: ApplicationManifest.fromFile("webshop.manifest.yaml"),
    submodules: { db: { parameters: { "input.size": "large" } } },
  });
  expect(Testing.synth(stack)).toHaveResource(bindings.instance.Instance);
});
`;

/** A second test of the same stack, written on day two: the matchers' types come from setup-jest.ts. */
const DAY_TWO_TEST = `import { Testing, TerraformStack } from "cdktf";
import { AppMgmtProvider, ApplicationInstance, bindings } from "cdktf-provider-appmgmt";

test("the shop has one instance", () => {
  const stack = new TerraformStack(Testing.app(), "shop");
  new AppMgmtProvider(stack, "appmgmt", {});
  new ApplicationInstance(stack, "shop", { application: "5f0000000000000000000a11" });
  expect(Testing.synth(stack)).toHaveResource(bindings.instance.Instance);
});
`;

/** The README's comments: `// cdktn: from "cdktn"`, `".../cdktn"`, `"cdktn/lib/testing/adapters/jest"`. */
function forCdktn(text: string): string {
  return text
    .replace(/"cdktf\/lib\/testing\/adapters\/jest"/g, '"cdktn/lib/testing/adapters/jest"')
    .replace(/from "cdktf"/g, 'from "cdktn"')
    .replace(/from "cdktf-provider-appmgmt"/g, 'from "cdktf-provider-appmgmt/cdktn"');
}

let session: CdkCliSession;

beforeAll(async () => {
  session = await CdkCliSession.start();
});

afterAll(async () => {
  await session?.close();
});

/** A project with the section's files, LINKED and this package in its node_modules. */
function userProject(name: string, edit: (t: string) => string): string {
  const dir = path.join(session.tmp, name);
  const all = { ...files(section("Your own cdktf project")), ...files(testing) };
  fs.mkdirSync(path.join(dir, "node_modules", "@types"), { recursive: true });
  for (const [file, content] of Object.entries(all))
    if (file !== "main.ts") fs.writeFileSync(path.join(dir, file), edit(content));
  for (const pkg of LINKED)
    fs.symlinkSync(path.join(ROOT, "node_modules", pkg), path.join(dir, "node_modules", pkg));
  fs.symlinkSync(ROOT, path.join(dir, "node_modules", "cdktf-provider-appmgmt"));
  fs.mkdirSync(path.join(dir, "node_modules", ".bin"));
  fs.symlinkSync("../jest/bin/jest.js", path.join(dir, "node_modules", ".bin", "jest"));
  return dir;
}

/** The section's commands in `dir` on `node`; `npm install` is stood in for by the links. */
async function runCommands(dir: string, node: string): Promise<CliRun> {
  expect(commands).toEqual(["npm install -D jest ts-jest @types/jest", "npx jest"]);
  // jest keeps its cache (ts-jest's compiled files) under the temp directory: the project's own, kept between runs.
  const tmpdir = path.join(dir, ".tmp");
  fs.mkdirSync(tmpdir, { recursive: true });
  const child = spawn("/bin/sh", ["-c", commands[1]], {
    cwd: dir,
    env: {
      PATH: [path.dirname(node), process.env.PATH].join(path.delimiter),
      HOME: session.tmp,
      TMPDIR: tmpdir,
      CI: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code: code ?? -1, output };
}

/** What `cdktf synth` prints for the same stack: "Validation failed …" and the line naming the rule. */
let synthMessage: Promise<string[]> | undefined;
function validationFailedBySynth(): Promise<string[]> {
  synthMessage ??= (async () => {
    const dir = session.newProject("violating", "test/e2e/fixtures/violating-app.ts");
    const run = await session.run(dir, ["synth"]);
    expect(run.code).not.toBe(0);
    const lines = run.output.split("\n").map((l) => l.trim());
    const at = lines.findIndex((l) => l.includes("Validation failed with the following errors:"));
    expect(at).toBeGreaterThanOrEqual(0);
    return [lines[at].slice(lines[at].indexOf("Validation failed")), lines[at + 1]];
  })();
  return synthMessage;
}

describe.each([
  ["cdktf", () => process.execPath, (t: string) => t],
  ["cdktn", () => node22().path, forCdktn],
] as const)("README 'Testing your stacks' with %s, run by the project's own jest", (name, node, edit) => {
  test("the README's test passes; test files added later type-check with the cached setup; a stack breaking a binding rule fails with cdktf synth's message", async () => {
    const dir = userProject(name, edit);
    if (name === "cdktn")
      expect(fs.readFileSync(path.join(dir, "shop.test.ts"), "utf8")).toContain(
        'from "cdktf-provider-appmgmt/cdktn"',
      );
    const first = await runCommands(dir, node());
    expect(first.output).toMatch(/Tests:\s+1 passed, 1 total/);
    // Day two: new test files, jest's cache (setup-jest.ts compiled) kept from the first run.
    fs.writeFileSync(path.join(dir, "day-two.test.ts"), edit(DAY_TWO_TEST));
    fs.writeFileSync(path.join(dir, "violating.test.ts"), edit(VIOLATING_TEST));
    const run = await runCommands(dir, node());
    expect(run.output).not.toContain("TS2339");
    expect(run.output).toMatch(/PASS \.\/shop\.test\.ts/);
    expect(run.output).toMatch(/PASS \.\/day-two\.test\.ts/);
    expect(run.output).toMatch(/FAIL \.\/violating\.test\.ts/);
    expect(run.output).toMatch(/Tests:\s+1 failed, 2 passed, 3 total/);
    expect(run.code).toBe(1);
    const [header, rule] = await validationFailedBySynth();
    expect(rule).toContain(
      "[violating/webshop] submodules.db.parameters['input.size']: input.size of submodule db is bound to",
    );
    expect(run.output).toContain(header);
    expect(run.output).toContain(rule);
  }, 300_000);
});
