// `appmgmt install-provider`: this machine's executable (by default) or the JavaScript file (--script)
// in the layout terraform searches, found by `terraform init` offline and started by terraform itself;
// the lock entry a cdktf stack gets at synth lists the hash of what was installed.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { installProviderCommand } from "../../src/cli/install-provider";
import { terraformPlatform } from "../../src/provider-package/terraform-platform";
import { ARTIFACT_PATH, lockHash } from "../../src/provider-package/provider-artifact";
import { lockEntry, lockHashes, withLockEntry } from "../../src/constructs/provider-lock";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../../src/provider/schema";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

const RELATIVE = path.join(
  "registry.terraform.io",
  "appmgmt",
  "appmgmt",
  PROVIDER_VERSION,
  terraformPlatform(),
);
const EXECUTABLE = `terraform-provider-appmgmt_v${PROVIDER_VERSION}`;
const ROOT = path.join(__dirname, "..", "..");
const REGISTER_TS = path.join(ROOT, "scripts", "register-ts.js");
const MAIN = path.join(ROOT, "src", "cli", "main.ts");

describe("install-provider", () => {
  let home: string;
  const workspaces: TerraformWorkspace[] = [];

  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-home-"));
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(() => {
    workspaces.forEach((ws) => ws.remove());
    fs.rmSync(home, { recursive: true, force: true });
  });

  test("installs this machine's executable into the implied local mirror, where terraform finds and runs it", async () => {
    // `appmgmt install-provider` as a user runs it, with a home directory of its own.
    // Its cache is the one under that home (~/.cache/appmgmt), empty: the executable is built.
    const env = { ...process.env, HOME: home, APPMGMT_CACHE_DIR: "", XDG_CACHE_HOME: "" };
    const installCli = (...args: string[]) =>
      spawnSync(process.execPath, ["-r", REGISTER_TS, MAIN, "install-provider", ...args], {
        env,
        encoding: "utf8",
      });
    const cli = installCli();
    expect(cli.stderr).toBe("");
    expect(cli.status).toBe(0);
    const executable = path.join(home, ".terraform.d", "plugins", RELATIVE, EXECUTABLE);
    // Progress before the seconds of the build, then where it went.
    expect(cli.stdout).toContain(`building the ${terraformPlatform()} executable (Node.js inside`);
    expect(cli.stdout).toContain(`installed ${executable}`);
    expect(cli.stdout).toContain(`source  = "${PROVIDER_SOURCE}"`);
    expect(cli.stdout).toContain(`version = "${PROVIDER_VERSION}"`);
    expect(cli.stdout).not.toContain("provider_installation");

    expect(fs.statSync(executable).mode & 0o777).toBe(0o755);
    const bytes = fs.readFileSync(executable);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from("\x7fELF", "latin1"));
    expect(bytes.includes("NODE_SEA_BLOB")).toBe(true);
    expect(fs.readdirSync(path.dirname(executable))).toEqual([EXECUTABLE]);
    // OpenTofu's default registry host gets the same file, linked rather than a second 120 MB copy.
    const forTofu = executable.replace(
      `${path.sep}registry.terraform.io${path.sep}`,
      `${path.sep}registry.opentofu.org${path.sep}`,
    );
    expect(fs.statSync(forTofu).ino).toBe(fs.statSync(executable).ino);
    // The next install on this machine (another mirror here) takes the executable built from the same
    // script out of the cache instead of building it again: the same bytes.
    const again = installCli("--dir", path.join(home, "second-mirror"));
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain("building");
    const cached = path.join(home, ".cache", "appmgmt", "executables");
    const [entry] = fs.readdirSync(cached);
    expect(again.stdout).toContain(
      `the ${terraformPlatform()} executable of this provider script was built before: taken from ${path.join(cached, entry)}`,
    );
    // Buffer.equals: jest's toEqual walks 120 MB byte by byte for many minutes.
    expect(fs.readFileSync(path.join(home, "second-mirror", RELATIVE, EXECUTABLE)).equals(bytes)).toBe(true);

    // It runs with no node on its PATH and no node_modules anywhere above it.
    const schema = spawnSync(executable, ["schema"], {
      cwd: os.tmpdir(),
      encoding: "utf8",
      env: { PATH: "" },
    });
    expect(schema.stderr).toBe("");
    expect(JSON.parse(schema.stdout).provider_versions).toEqual({ [PROVIDER_SOURCE]: PROVIDER_VERSION });

    // The lock entry AppMgmtProvider writes into a cdktf stack at synth lists the installed executable,
    // so terraform init accepts what it finds (and keeps the lock as it was).
    const hashes = lockHashes({ HOME: home });
    expect(hashes).toEqual([lockHash(), lockHash(bytes)].sort());
    const lock = withLockEntry("", lockEntry(hashes));
    const tf = TerraformWorkspace.create({ env: { HOME: home } });
    workspaces.push(tf);
    tf.writeMain(PROVIDER_HCL);
    tf.writeFile(".terraform.lock.hcl", lock);
    const init = await tf.init();
    expect(init.stdout).toContain(`Installed appmgmt/appmgmt v${PROVIDER_VERSION} (unauthenticated)`);
    expect(fs.readFileSync(path.join(tf.dir, ".terraform.lock.hcl"), "utf8")).toBe(lock);
    const schemas = await tf.run(["providers", "schema", "-json"]);
    expect(JSON.parse(schemas.stdout).provider_schemas[PROVIDER_SOURCE].resource_schemas).toHaveProperty(
      "appmgmt_instance",
    );
  });

  test("--script --dir installs the JavaScript file into a filesystem mirror and prints the CLI config that uses it", async () => {
    const dir = path.join(home, "mirror");
    const out: string[] = [];
    jest.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    expect(await installProviderCommand(["--script", "--dir", dir])).toBe(0);
    const printed = out.join("\n");

    // The artifact as built, byte for byte: no path of this machine in it.
    const script = path.join(dir, RELATIVE, EXECUTABLE);
    expect(fs.readFileSync(script)).toEqual(fs.readFileSync(ARTIFACT_PATH));
    expect(fs.readFileSync(script, "utf8").split("\n", 1)[0]).toBe("#!/bin/sh");
    expect(printed).not.toContain("building");
    expect(printed).toContain(path.join(dir, RELATIVE, EXECUTABLE));
    expect(printed).toContain("required_providers");
    const cliConfig = printed.slice(printed.indexOf("provider_installation {"));
    expect(cliConfig).toContain(`path    = ${JSON.stringify(dir)}`);

    // The printed CLI config works as printed.
    const cliConfigFile = path.join(home, "terraformrc");
    fs.writeFileSync(cliConfigFile, cliConfig);
    const tf = TerraformWorkspace.create({ env: { HOME: home, TF_CLI_CONFIG_FILE: cliConfigFile } });
    workspaces.push(tf);
    fs.rmSync(path.join(home, ".terraform.d"), { recursive: true, force: true });
    tf.writeMain(PROVIDER_HCL);
    expect((await tf.init()).stdout).toContain(
      `Installed appmgmt/appmgmt v${PROVIDER_VERSION} (unauthenticated)`,
    );
  });

  test("--help prints the usage; an unknown argument is refused", async () => {
    const out: string[] = [];
    const err: string[] = [];
    jest.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    jest.spyOn(console, "error").mockImplementation((line: string) => void err.push(line));
    expect(await installProviderCommand(["--help"])).toBe(0);
    expect(out.join("\n")).toContain(
      "Usage: appmgmt install-provider [--dir DIR] [--platform OS_ARCH ...] [--script]",
    );
    expect(await installProviderCommand(["--frobnicate"])).toBe(2);
    expect(await installProviderCommand(["--dir"])).toBe(2);
    expect(await installProviderCommand(["--platform", "windows_arm64"])).toBe(2);
    expect(await installProviderCommand(["--script", "--platform", "windows_amd64"])).toBe(2);
    expect(await installProviderCommand(["--platform", "linux-amd64"])).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(
        /^install-provider: Unknown option '--frobnicate'.*see appmgmt install-provider --help$/,
      ),
      expect.stringMatching(/^install-provider: Option '--dir <value>' argument missing.*--help$/),
      expect.stringContaining(
        "install-provider: --platform windows_arm64 is not supported: terraform on Windows starts a provider with CreateProcess, which runs only .exe files",
      ),
      expect.stringContaining(
        "install-provider: --script for windows_amd64: terraform on Windows starts a provider with CreateProcess",
      ),
      expect.stringContaining(
        'install-provider: --platform "linux-amd64" is not a platform this provider runs on: use OS_ARCH',
      ),
    ]);
  });
});
