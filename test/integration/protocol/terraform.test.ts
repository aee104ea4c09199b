import { execFile } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { bundleTestProvider } from "./helpers/bundle";

// The handshake, mTLS and value encodings checked by the real terraform binary, with the test
// provider installed in a filesystem mirror.

const run = promisify(execFile);

describe("real terraform against the test provider", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const terraform = (...args: string[]) =>
    run("terraform", [...args, "-no-color", "-input=false"], { cwd: join(dir, "cfg"), env });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "proto-tf-"));
    const platformDir = join(
      dir,
      "mirror",
      "registry.terraform.io",
      "appmgmt",
      "appmgmt",
      "0.1.0",
      "linux_amd64",
    );
    mkdirSync(platformDir, { recursive: true });
    const exe = join(platformDir, "terraform-provider-appmgmt_v0.1.0");
    copyFileSync(bundleTestProvider(dir), exe);
    chmodSync(exe, 0o755);
    writeFileSync(
      join(dir, "cli.tfrc"),
      `provider_installation {\n  filesystem_mirror {\n    path    = "${join(dir, "mirror")}"\n    include = ["registry.terraform.io/appmgmt/*"]\n  }\n}\n`,
    );
    mkdirSync(join(dir, "cfg"));
    env = {
      ...process.env,
      CHECKPOINT_DISABLE: "1",
      TF_CLI_CONFIG_FILE: join(dir, "cli.tfrc"),
      TF_IN_AUTOMATION: "1",
    };
    delete env.TF_LOG;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const writeConfig = (name: string) =>
    writeFileSync(
      join(dir, "cfg", "main.tf"),
      `terraform {
  required_providers {
    appmgmt = { source = "registry.terraform.io/appmgmt/appmgmt", version = "0.1.0" }
  }
}
provider "appmgmt" { endpoint = "local" }
resource "appmgmt_thing" "a" {
  name     = "${name}"
  size     = 12345678901234567890
  tags     = { k = "v" }
  settings = { mode = "fast" }
  rule { port = 80 }
}
data "appmgmt_echo" "e" { input = appmgmt_thing.a.id }
output "echo" { value = data.appmgmt_echo.e.output }
`,
    );

  it("applies, finds no drift (big numbers survive state), reports diagnostics on the config line, destroys", async () => {
    writeConfig("alpha");
    await terraform("init");
    const applied = await terraform("apply", "-auto-approve");
    expect(applied.stdout).toMatch(/Creation complete after \d+s \[id=id-alpha\]/);
    expect(applied.stdout).toMatch(/echo = "echo: id-alpha"/);
    const state = readFileSync(join(dir, "cfg", "terraform.tfstate"), "utf8");
    expect(state).toMatch(/"size": 12345678901234567890\b/);

    const plan = await terraform("plan", "-detailed-exitcode");
    expect(plan.stdout).toMatch(/No changes/);

    writeConfig("invalid");
    const failed = await terraform("plan").catch((e: { stderr: string }) => e);
    expect((failed as { stderr: string }).stderr).toMatch(
      /Error: Bad name[\s\S]*on main.tf line 8, in resource "appmgmt_thing" "a":/,
    );

    writeConfig("alpha");
    const destroyed = await terraform("destroy", "-auto-approve");
    expect(destroyed.stdout).toMatch(/Destroy complete! Resources: 1 destroyed/);
  });
});
