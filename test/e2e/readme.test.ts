// The README's three "start your own project" recipes (cdktf, cdktn, HCL), done exactly as printed: every
// file and command comes out of README.md through a Markdown parser, so the README and this test cannot
// drift. Each recipe starts in an empty directory with the package `npm pack` makes, installs from the
// registry (one npm cache for all), and runs its commands in order against the simulator; after deploy
// and destroy the service is asked what happened.
//
// The only departures from the text: `cdktf-provider-appmgmt` in an `npm install` line is the packed
// tarball (the package is not published), and the `export APPMGMT_...` line's placeholders are the
// simulator's address and refresh token. HOME is a temp directory, so `appmgmt install-provider` writes
// the implied local mirror there and terraform finds it there, as on a fresh machine; only its cache of built
// executables is this machine's, as npm's cache is. The environment has no
// CHECKPOINT_DISABLE but what a recipe exports: offline, a cdktf command without it prints its failed
// version check ("getaddrinfo ENOTFOUND checkpoint-api...", issue 39 item 6). Once a recipe's `synth` has run
// (ts-node type-checking main.ts, as for the user), its later commands, which synth the same unchanged main.ts,
// run with TS_NODE_TRANSPILE_ONLY: the same check again would cost about 3 s of CPU per command.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { defaultCacheDir } from "../../src/cli/node-binary";
import { DEMO } from "../../src/simulator";
import { parseMarkdown, type MarkdownSection } from "../helpers/markdown";
import { npmCache, packPackage } from "../helpers/packed-package";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";

const { node22 } = require("../../scripts/node22.js") as { node22(): { path: string } };

const ROOT = path.join(__dirname, "..", "..");
const PACKAGE = "cdktf-provider-appmgmt";
const README = parseMarkdown(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"));

interface Recipe {
  /** File name -> content, from fences whose info string names a file (```ts main.ts). */
  files: Record<string, string>;
  /** The lines of the section's ```sh fences, comments and blank lines aside. */
  commands: string[];
}

function section(heading: string): MarkdownSection {
  const found = README.find((s) => s.heading === heading);
  if (!found) throw new Error(`README.md has no section "${heading}"`);
  return found;
}

function recipe(heading: string): Recipe {
  const s = section(heading);
  const files: Record<string, string> = {};
  for (const block of s.code) {
    const name = block.info.split(/\s+/)[1];
    if (name) files[name] = block.content;
  }
  const commands = s.code
    .filter((c) => c.lang === "sh")
    .flatMap((c) => c.content.split("\n"))
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  return { files, commands };
}

const cdktf = recipe("Your own cdktf project");
const cdktnSection = section("CDK Terrain (cdktn)");
const cdktn = recipe("CDK Terrain (cdktn)");
const hcl = recipe("Terraform / OpenTofu HCL");

// "Write the same `cdktf.json` ..., `tsconfig.json` and `webshop.manifest.yaml` as for cdktf above": the
// cdktn recipe takes the files that sentence names from the cdktf recipe.
const sameAsCdktf = cdktnSection.paragraphs.find((p) => p.startsWith("Write the same")) ?? "";
for (const name of Object.keys(cdktf.files)) {
  if (sameAsCdktf.includes(name) && !cdktn.files[name]) cdktn.files[name] = cdktf.files[name];
}

interface Step {
  code: number | null;
  output: string;
}

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Step> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("the README's recipes, as printed, from the packed package in empty directories", () => {
  let tmp: string;
  let tarball: string;
  let svc: TestSimulator;
  let baseEnv: NodeJS.ProcessEnv;
  /** What the recipe being run has exported so far (its `export` lines but the service's placeholders). */
  let exported: Record<string, string> = {};
  /** Set once the recipe's synth type-checked its main.ts (which no later command changes). */
  let typeChecked: Record<string, string> = {};

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-readme-"));
    // The build already ran (`npm test` builds first); packing runs no script.
    tarball = packPackage(tmp);
    svc = await startTestSimulator();

    const env: NodeJS.ProcessEnv = {};
    // No TS_NODE_* either: the recipe's synth type-checks as a user's does.
    for (const [k, v] of Object.entries(process.env)) {
      if (!/^(TF_|APPMGMT_|TS_NODE_|npm_|CHECKPOINT_DISABLE$)/.test(k)) env[k] = v;
    }
    // No node_modules/.bin of this checkout (jest under npm puts it first): the recipes see only what they install.
    const PATH = (env.PATH ?? "")
      .split(path.delimiter)
      .filter((d) => !d.includes(`node_modules${path.sep}.bin`))
      .join(path.delimiter);
    const home = path.join(tmp, "home");
    fs.mkdirSync(home);
    baseEnv = {
      ...env,
      PATH,
      HOME: home,
      npm_config_cache: npmCache(),
      // The provider executable once built on this machine, by any test file (its name holds all it is built
      // from): about 18 s of CPU each build. install-provider.test.ts and npm-package.test.ts build from empty.
      APPMGMT_CACHE_DIR: defaultCacheDir(),
      // Quieter and quicker installs; they change nothing the recipe does.
      npm_config_prefer_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
      TF_IN_AUTOMATION: "1",
      CI: "1",
      FORCE_COLOR: "0",
      // The placeholders of the recipes' `export` line.
      APPMGMT_BASE_URL: svc.url,
      APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
    };
  });

  afterAll(async () => {
    await svc?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs one recipe line in `dir` on `node`, checking the service after deploy/apply and destroy. */
  async function runLine(line: string, dir: string, node: string): Promise<string> {
    if (line.startsWith("export ")) {
      // The service's placeholders the test sets to the simulator's values; any other variable as printed.
      const assignments = [...line.matchAll(/\b([A-Z_]+)=(\S*)/g)];
      const names = assignments.map((m) => m[1]);
      if (names[0] === "APPMGMT_BASE_URL")
        expect(names).toEqual(["APPMGMT_BASE_URL", "APPMGMT_REFRESH_TOKEN"]);
      else for (const [, name, value] of assignments) exported[name] = value;
      return "";
    }
    const command = line.startsWith("npm install ")
      ? line.replace(new RegExp(`(?<=\\s)${PACKAGE}(?=\\s|$)`), tarball)
      : line;
    const PATH = [path.dirname(node), baseEnv.PATH].join(path.delimiter);
    const step = await sh(command, dir, { ...baseEnv, ...exported, ...typeChecked, PATH });
    if (step.code !== 0) throw new Error(`\`${line}\` exited ${step.code}:\n${step.output}`);
    if (/^npx cdkt[fn] synth\b/.test(line)) typeChecked = { TS_NODE_TRANSPILE_ONLY: "true" };
    // Offline, cdktf and cdktn print their failed version check unless the recipe turned it off.
    expect(step.output).not.toContain("checkpoint-api");
    return step.output;
  }

  async function webshop() {
    const all = await svc.client.listInstances(DEMO.defaultEnvironmentId);
    // Destroyed instances stay listed, as on the service.
    return all.filter((i) => i.name === "webshop" && i.status !== "Destroyed");
  }

  async function checkService(line: string): Promise<void> {
    if (/\b(deploy|apply)\b/.test(line)) {
      const [found, ...more] = await webshop();
      expect(more).toEqual([]);
      const instance = await svc.client.getInstance(found.id);
      expect(instance.status).toBe("Running");
      // The HCL recipe names no manifest version, so the service launches the latest (which adds a value).
      expect(instance.parameters).toMatchObject({ "input.app-fork": "release-1", "input.db-size": "large" });
    } else if (/\bdestroy\b/.test(line)) {
      expect(await webshop()).toEqual([]);
    }
  }

  function emptyProject(name: string, files: Record<string, string>): string {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
    for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), content);
    return dir;
  }

  describe.each([
    [
      "cdktf",
      cdktf,
      () => process.execPath,
      ["cdktf.json", "tsconfig.json", "main.ts", "webshop.manifest.yaml"],
    ],
    [
      "cdktn",
      cdktn,
      () => node22().path,
      ["cdktf.json", "tsconfig.json", "main.ts", "webshop.manifest.yaml"],
    ],
    ["HCL", hcl, () => process.execPath, ["main.tf"]],
  ] as const)("the %s recipe", (name, r, node, expectedFiles) => {
    let dir: string;

    test("shows every file the project needs", () => {
      expect(Object.keys(r.files).sort()).toEqual([...expectedFiles].sort());
      dir = emptyProject(name, r.files);
      exported = {};
      typeChecked = {};
    });

    test.each(r.commands.map((line) => [line]))(
      "%s",
      async (line) => {
        const output = await runLine(line, dir, node());
        if (line.startsWith("npm install ")) {
          // The package installs no script of its own (cdktf-cli's node-pty does: npm lists that one).
          expect(output).not.toContain("ERESOLVE");
          expect(output).not.toMatch(new RegExp(`install-scripts\\s+${PACKAGE}@`));
        }
        await checkService(line);
      },
      900_000,
    );
  });

  test("the recipes deploy and destroy, the CDK ones after a synth: their command lists say so", () => {
    for (const r of [cdktf, cdktn, hcl]) {
      expect(r.commands.some((c) => /\b(deploy|apply)\b/.test(c))).toBe(true);
      expect(r.commands.some((c) => /\bdestroy\b/.test(c))).toBe(true);
      expect(r.commands.some((c) => c.startsWith(`npm install ${PACKAGE}`))).toBe(true);
      expect(r.commands.some((c) => c.startsWith("export CHECKPOINT_DISABLE=1 "))).toBe(true);
    }
    // The CDK recipes synth first: that run type-checks main.ts, the later ones only strip its types.
    for (const [cli, r] of [
      ["cdktf", cdktf],
      ["cdktn", cdktn],
    ] as const)
      expect(r.commands.find((c) => c.startsWith(`npx ${cli} `))).toBe(`npx ${cli} synth`);
  });
});
