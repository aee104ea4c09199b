// The npm package ships what it runs: the tarball `npm pack` makes (after the build `prepack`
// runs) holds lib/ and the provider artifact, so its `appmgmt` bin works with no build step, and the
// provider it installs is found and started by terraform. It also ships its license, no source map
// pointing at a file it leaves out, and no script that npm would run when a user installs it.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { filesystemMirrorCliConfig } from "../../src/cli/install-provider";
import { terraformPlatform } from "../../src/provider-package/terraform-platform";
import { PROVIDER_SOURCE } from "../../src/provider/schema";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

const ROOT = path.join(__dirname, "..", "..");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

describe("npm package", () => {
  let tmp: string;
  let installed: string;
  let tarball: string;
  let shipped: Set<string>;
  const workspaces: TerraformWorkspace[] = [];

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-pack-"));
    // The build already ran (`npm test` builds first); packing runs no script, so it cannot race other tests.
    const [{ filename, files }] = JSON.parse(
      run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], ROOT),
    ) as { filename: string; files: { path: string }[] }[];
    tarball = path.join(tmp, filename);
    shipped = new Set(files.map((f) => f.path));
    installed = path.join(tmp, "node_modules", pkg.name);
    fs.mkdirSync(installed, { recursive: true });
    run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"], tmp);
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

  test("builds when a clone is installed (the `dependencies` script) and before pack and publish (`prepack`)", () => {
    // npm runs a root project's `dependencies` script after `npm install` changed node_modules (a fresh
    // clone always does), and never for a package installed as a dependency; `prepare` would do both.
    expect(pkg.scripts.dependencies).toBe("npm run build");
    expect(pkg.scripts.prepack).toBe("npm run build");
    expect(pkg.scripts.build).toContain("scripts/bundle-provider.js");
    expect(pkg.dependencies).not.toHaveProperty("esbuild");
    expect(pkg.devDependencies).toHaveProperty("esbuild");
  });

  test("ships the MPL-2.0 license text as LICENSE", () => {
    expect(pkg.license).toBe("MPL-2.0");
    expect(shipped).toContain("LICENSE");
    const text = fs.readFileSync(path.join(installed, "LICENSE"), "utf8");
    expect(text.split("\n")[0]).toBe("Mozilla Public License Version 2.0");
    expect(text).toContain('Exhibit B - "Incompatible With Secondary Licenses" Notice');
  });

  test("ships the docs that `appmgmt sim --help` and the README point at", () => {
    for (const doc of ["docs/manifest.md", "docs/simulator.md", "docs/index.md"])
      expect(shipped).toContain(doc);
  });

  test("no source map or sourceMappingURL points at a file the package does not ship", () => {
    const missing: string[] = [];
    const check = (from: string, target: string) => {
      if (target.startsWith("data:")) return;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
      if (!shipped.has(resolved)) missing.push(`${from} -> ${target}`);
    };
    for (const file of shipped) {
      if (/\.[cm]?js$/.test(file)) {
        const text = fs.readFileSync(path.join(installed, file), "utf8");
        for (const m of text.matchAll(/^\/\/# sourceMappingURL=(\S+)$/gm)) check(file, m[1]);
      } else if (file.endsWith(".map")) {
        const map = JSON.parse(fs.readFileSync(path.join(installed, file), "utf8")) as {
          sourceRoot?: string;
          sources: string[];
          sourcesContent?: unknown[];
        };
        // A source whose text is inlined needs no file.
        map.sources.forEach((s, i) => {
          if (map.sourcesContent?.[i] == null) check(file, path.posix.join(map.sourceRoot ?? "", s));
        });
      }
    }
    expect(missing).toEqual([]);
  });

  test("installing the packed package runs no install script and npm warns about none", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"));
    // The scripts npm runs for a dependency (prepare only for one from git, a folder or a tarball).
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) {
      expect(manifest.scripts ?? {}).not.toHaveProperty(script);
    }
    expect(shipped).not.toContain("binding.gyp");
    // A real install of the tarball into an empty project: npm 11 lists each package with install
    // scripts ("npm warn install-scripts ...") after installing.
    const app = path.join(tmp, "app");
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0" }));
    const result = spawnSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--foreground-scripts", tarball],
      { cwd: app, encoding: "utf8" },
    );
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/install-scripts|> .*build/);
    expect(fs.existsSync(path.join(app, "node_modules", pkg.name, "lib", "index.js"))).toBe(true);
  });

  test("the packed bin answers --version and --help, and its provider runs under terraform", async () => {
    const bin = path.join(installed, pkg.bin.appmgmt);
    expect(run(process.execPath, [bin, "--version"], tmp).trim()).toBe(pkg.version);
    expect(run(process.execPath, [bin, "install-provider", "--help"], tmp)).toContain(
      "Usage: appmgmt install-provider",
    );
    // A user's install builds this machine's executable; node-<os>-<arch> is not among the package's
    // dependencies, so it is fetched (once, into the cache; here an empty one).
    const mirror = path.join(tmp, "mirror");
    const cacheDir = path.join(tmp, "cache");
    const out = run(process.execPath, [bin, "install-provider", "--dir", mirror], tmp, {
      ...process.env,
      APPMGMT_CACHE_DIR: cacheDir,
    });
    expect(out).toContain(`building the ${terraformPlatform()} executable`);
    expect(out).toMatch(/fetching node-\S+@\S+ from the npm registry/);

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
