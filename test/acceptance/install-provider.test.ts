// `appmgmt install-provider`: one bundled executable file in the layout terraform searches, found by
// `terraform init` offline and started by terraform itself.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { installProviderCommand, terraformPlatform } from "../../src/cli/install-provider";
import { ARTIFACT_PATH } from "../../src/cli/provider-artifact";
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

  test("installs into the implied local mirror, where terraform finds and runs it with no CLI config", async () => {
    // `appmgmt install-provider` as a user runs it, with a home directory of its own.
    const cli = spawnSync(process.execPath, ["-r", REGISTER_TS, MAIN, "install-provider"], {
      env: { ...process.env, HOME: home },
      encoding: "utf8",
    });
    expect(cli.stderr).toBe("");
    expect(cli.status).toBe(0);
    const executable = path.join(home, ".terraform.d", "plugins", RELATIVE, EXECUTABLE);
    expect(cli.stdout).toContain(`installed ${executable}`);
    expect(cli.stdout).toContain(`source  = "${PROVIDER_SOURCE}"`);
    expect(cli.stdout).toContain(`version = "${PROVIDER_VERSION}"`);
    expect(cli.stdout).not.toContain("provider_installation");

    expect(fs.statSync(executable).mode & 0o777).toBe(0o755);
    // The artifact as built, byte for byte: no path of this machine in it.
    expect(fs.readFileSync(executable)).toEqual(fs.readFileSync(ARTIFACT_PATH));
    expect(fs.readFileSync(executable, "utf8").split("\n", 1)[0]).toBe("#!/bin/sh");
    expect(fs.readdirSync(path.dirname(executable))).toEqual([EXECUTABLE]);
    // OpenTofu's default registry host gets the same file.
    const forTofu = executable.replace(
      `${path.sep}registry.terraform.io${path.sep}`,
      `${path.sep}registry.opentofu.org${path.sep}`,
    );
    expect(fs.readFileSync(forTofu)).toEqual(fs.readFileSync(executable));

    // Self-contained: it runs from a directory with no node_modules anywhere above it.
    const schema = spawnSync(executable, ["schema"], { cwd: os.tmpdir(), encoding: "utf8" });
    expect(schema.stderr).toBe("");
    expect(JSON.parse(schema.stdout).provider_versions).toEqual({ [PROVIDER_SOURCE]: PROVIDER_VERSION });

    const tf = TerraformWorkspace.create({ env: { HOME: home } });
    workspaces.push(tf);
    tf.writeMain(PROVIDER_HCL);
    const init = await tf.init();
    expect(init.stdout).toContain(`Installed appmgmt/appmgmt v${PROVIDER_VERSION} (unauthenticated)`);
    const schemas = await tf.run(["providers", "schema", "-json"]);
    expect(JSON.parse(schemas.stdout).provider_schemas[PROVIDER_SOURCE].resource_schemas).toHaveProperty(
      "appmgmt_instance",
    );
  });

  test("--dir installs into a filesystem mirror and prints the CLI config that uses it", async () => {
    const dir = path.join(home, "mirror");
    const out: string[] = [];
    jest.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    expect(await installProviderCommand(["--dir", dir])).toBe(0);
    const printed = out.join("\n");

    expect(fs.existsSync(path.join(dir, RELATIVE, EXECUTABLE))).toBe(true);
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
    expect(out.join("\n")).toContain("Usage: appmgmt install-provider [--dir DIR] [--platform OS_ARCH ...]");
    expect(await installProviderCommand(["--frobnicate"])).toBe(2);
    expect(await installProviderCommand(["--dir"])).toBe(2);
    expect(await installProviderCommand(["--platform", "windows_amd64"])).toBe(2);
    expect(await installProviderCommand(["--platform", "linux-amd64"])).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(
        /^install-provider: Unknown option '--frobnicate'.*see appmgmt install-provider --help$/,
      ),
      expect.stringMatching(/^install-provider: Option '--dir <value>' argument missing.*--help$/),
      expect.stringContaining(
        "install-provider: --platform windows_amd64: Windows is not supported: terraform starts a provider with CreateProcess, which runs only .exe files",
      ),
      expect.stringContaining(
        'install-provider: --platform "linux-amd64" is not a platform this provider runs on: use OS_ARCH',
      ),
    ]);
  });
});
