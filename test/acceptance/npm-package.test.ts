// The npm package ships what it runs: the tarball `npm pack` makes (after the build `prepare`
// run) holds lib/ and the provider artifact, so its `appmgmt` bin works with no build step, and the
// provider it installs is found and started by terraform.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { filesystemMirrorCliConfig } from "../../src/cli/install-provider";
import { PROVIDER_SOURCE } from "../../src/provider/schema";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

const ROOT = path.join(__dirname, "..", "..");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

describe("npm package", () => {
  let tmp: string;
  let installed: string;
  const workspaces: TerraformWorkspace[] = [];

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-pack-"));
    // The build already ran (`npm test` builds first); packing runs no script, so it cannot race other tests.
    const [{ filename }] = JSON.parse(
      run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], ROOT),
    ) as { filename: string }[];
    installed = path.join(tmp, "node_modules", pkg.name);
    fs.mkdirSync(installed, { recursive: true });
    run("tar", ["-xzf", path.join(tmp, filename), "-C", installed, "--strip-components=1"], tmp);
    // Its dependencies (and the peers an app installs: cdktf, constructs), as npm would put them beside it.
    const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
    for (const dep of deps.filter((d) => fs.existsSync(path.join(ROOT, "node_modules", d)))) {
      fs.mkdirSync(path.dirname(path.join(tmp, "node_modules", dep)), { recursive: true });
      fs.symlinkSync(path.join(ROOT, "node_modules", dep), path.join(tmp, "node_modules", dep));
    }
  });

  afterAll(() => {
    workspaces.forEach((ws) => ws.remove());
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("builds on prepare, which npm runs on install from a clone or git and before pack and publish", () => {
    expect(pkg.scripts.prepare).toBe("npm run build");
    expect(pkg.scripts.build).toContain("scripts/bundle-provider.js");
    expect(pkg.dependencies).not.toHaveProperty("esbuild");
    expect(pkg.devDependencies).toHaveProperty("esbuild");
  });

  test("the packed bin answers --version and --help, and its provider runs under terraform", async () => {
    const bin = path.join(installed, pkg.bin.appmgmt);
    expect(run(process.execPath, [bin, "--version"], tmp).trim()).toBe(pkg.version);
    expect(run(process.execPath, [bin, "install-provider", "--help"], tmp)).toContain(
      "Usage: appmgmt install-provider",
    );
    const mirror = path.join(tmp, "mirror");
    run(process.execPath, [bin, "install-provider", "--dir", mirror], tmp);

    const cliConfigFile = path.join(tmp, "terraformrc");
    fs.writeFileSync(cliConfigFile, `${filesystemMirrorCliConfig(mirror)}\n`);
    const tf = TerraformWorkspace.create({ env: { TF_CLI_CONFIG_FILE: cliConfigFile } });
    workspaces.push(tf);
    tf.writeMain(PROVIDER_HCL);
    await tf.init();
    const schemas = await tf.run(["providers", "schema", "-json"]);
    expect(JSON.parse(schemas.stdout).provider_schemas).toHaveProperty([PROVIDER_SOURCE]);
  });

  test("the packed root and its subpaths load", () => {
    const script = `const root = require(${JSON.stringify(pkg.name)});
      const client = require("${pkg.name}/client");
      const sim = require("${pkg.name}/simulator");
      console.log([typeof root.ApplicationInstance, typeof client.AppMgmtClient, typeof sim.startSimulator].join());`;
    expect(run(process.execPath, ["-e", script], tmp).trim()).toBe("function,function,function");
  });
});
