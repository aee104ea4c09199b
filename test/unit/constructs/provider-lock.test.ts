// The provider construct writes the appmgmt lock entry into its stack's synthesized directory, so the
// cdktf CLI skips `terraform providers lock` (which would ask registry.terraform.io); the entry lists the
// script's hash and that of the package installed for this machine. With `source` (a private registry)
// it writes none, and the registry answers cdktf's lock step.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { App, TerraformStack, Testing } from "cdktf";
import * as cdktn from "cdktn";
import { filesystemMirrorCliConfig } from "../../../src/cli/install-provider";
import { terraformPlatform } from "../../../src/provider-package/terraform-platform";
import { filesystemMirrorPaths, mirrorDirs } from "../../../src/provider-package/installed-packages";
import { EXECUTABLE_NAME, lockHash } from "../../../src/provider-package/provider-artifact";
import * as forCdktn from "../../../src/cdktn";
import { AppMgmtProvider } from "../../../src/constructs";
import { lockEntry, lockHashes, withLockEntry } from "../../../src/constructs/provider-lock";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../../../src/provider/schema";

const OTHER = `provider "registry.terraform.io/hashicorp/random" {
  version = "3.6.0"
  hashes = [
    "h1:other=",
  ]
}
`;

describe("provider lock entry", () => {
  let outdir: string;
  beforeEach(() => {
    outdir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-synth-"));
  });
  afterEach(() => fs.rmSync(outdir, { recursive: true, force: true }));

  function synth(source?: string): string {
    const app = new App({ outdir });
    new AppMgmtProvider(new TerraformStack(app, "shop"), "appmgmt", { source });
    app.synth();
    return path.join(outdir, "stacks", "shop", ".terraform.lock.hcl");
  }

  test("synth writes the lock entry of the built artifact beside cdk.tf.json", () => {
    const lock = fs.readFileSync(synth(), "utf8");
    expect(lock).toContain(`provider "${PROVIDER_SOURCE}" {`);
    expect(lock).toContain('constraints = "0.1.0"');
    expect(lock).toContain(`"${lockHash()}",`);
  });

  test("another provider's entry is kept; a stale appmgmt entry is replaced; a current one is left as is", () => {
    const file = path.join(outdir, "stacks", "shop", ".terraform.lock.hcl");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const stale = lockEntry(["h1:stale="]);
    fs.writeFileSync(file, `# header\n\n${OTHER}\n${stale}`);
    synth();
    const merged = fs.readFileSync(file, "utf8");
    expect(merged).toBe(`# header\n\n${OTHER}\n${lockEntry()}`);
    const before = fs.statSync(file).mtimeMs;
    synth();
    expect(fs.readFileSync(file, "utf8")).toBe(merged);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  });

  test("withLockEntry appends to a lock without appmgmt", () => {
    expect(withLockEntry(OTHER, "E\n")).toBe(`${OTHER}\nE\n`);
    expect(withLockEntry("", "E\n")).toMatch(
      /^# This file is maintained automatically by "terraform init"\.\n.*\n\nE\n$/,
    );
  });

  test("the entry lists the hash of the package installed for this machine in the CLI config's mirror", () => {
    const mirror = path.join(outdir, "mirror");
    const platformDir = path.join(
      mirror,
      ...PROVIDER_SOURCE.split("/"),
      PROVIDER_VERSION,
      terraformPlatform(),
    );
    fs.mkdirSync(platformDir, { recursive: true });
    const executable = Buffer.from("an executable's bytes");
    fs.writeFileSync(path.join(platformDir, EXECUTABLE_NAME), executable);
    const cliConfigFile = path.join(outdir, "terraformrc");
    fs.writeFileSync(cliConfigFile, filesystemMirrorCliConfig(mirror));
    const env = { HOME: outdir, TF_CLI_CONFIG_FILE: cliConfigFile };

    expect(mirrorDirs(env)).toContain(path.resolve(mirror));
    expect(lockHashes(env)).toEqual([lockHash(), lockHash(executable)].sort());
    const entry = lockEntry(lockHashes(env));
    expect(entry).toContain(`    "${lockHash(executable)}",\n`);
    expect(entry).toContain(`    "${lockHash()}",\n`);
    // Without the CLI configuration the mirror is not where terraform looks: the script's hash only.
    expect(lockHashes({ HOME: outdir, TF_CLI_CONFIG_FILE: path.join(outdir, "none") })).toEqual([lockHash()]);
  });

  test("filesystemMirrorPaths reads each filesystem_mirror block's quoted path", () => {
    const config = `${filesystemMirrorCliConfig("/a b/m1")}\nprovider_installation {\n  filesystem_mirror {\n    include = ["x/*"]\n    path = "C:\\\\mirrors\\\\p"\n  }\n}\n`;
    expect(filesystemMirrorPaths(config)).toEqual(["/a b/m1", "C:\\mirrors\\p"]);
    expect(filesystemMirrorPaths("provider_installation {\n  direct {}\n}")).toEqual([]);
  });
});

describe("provider source", () => {
  const requiredProviders = (stack: TerraformStack) =>
    JSON.parse(Testing.synth(stack)).terraform.required_providers.appmgmt as Record<string, string>;

  test("source puts the private registry's address in required_providers and writes no lock entry", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-synth-"));
    try {
      const app = new App({ outdir });
      const stack = new TerraformStack(app, "shop");
      new AppMgmtProvider(stack, "appmgmt", {
        source: "registry.example.com:8443/acme/appmgmt",
        baseUrl: "x",
      });
      app.synth();
      const synthesized = JSON.parse(
        fs.readFileSync(path.join(outdir, "stacks", "shop", "cdk.tf.json"), "utf8"),
      );
      expect(synthesized.terraform.required_providers.appmgmt).toEqual({
        source: "registry.example.com:8443/acme/appmgmt",
        version: PROVIDER_VERSION,
      });
      expect(synthesized.provider.appmgmt).toEqual([{ base_url: "x" }]);
      expect(fs.existsSync(path.join(outdir, "stacks", "shop", ".terraform.lock.hcl"))).toBe(false);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test("NAMESPACE/appmgmt means registry.terraform.io; no source is install-provider's address", () => {
    const stack = new TerraformStack(Testing.app(), "shop");
    new AppMgmtProvider(stack, "appmgmt", { source: "appmgmt/appmgmt" });
    expect(requiredProviders(stack).source).toBe(PROVIDER_SOURCE);
    const plain = new TerraformStack(Testing.app(), "plain");
    new AppMgmtProvider(plain, "appmgmt");
    expect(requiredProviders(plain).source).toBe(PROVIDER_SOURCE);
  });

  test.each(["registry.example.com/acme/other", "appmgmt", "a/b/c/appmgmt", "host//appmgmt"])(
    "source %j is refused naming the construct and the form",
    (source) => {
      const stack = new TerraformStack(Testing.app(), "shop");
      expect(() => new AppMgmtProvider(stack, "appmgmt", { source })).toThrow(
        `[shop/appmgmt] source ${JSON.stringify(source)} is not a source address of this provider: use ` +
          "HOSTNAME/NAMESPACE/appmgmt as in required_providers",
      );
    },
  );

  test("the cdktn construct takes source the same way", () => {
    const stack = new cdktn.TerraformStack(cdktn.Testing.app(), "shop");
    new forCdktn.AppMgmtProvider(stack, "appmgmt", { source: "registry.example.com/acme/appmgmt" });
    const synthesized = JSON.parse(cdktn.Testing.synth(stack));
    expect(synthesized.terraform.required_providers.appmgmt.source).toBe("registry.example.com/acme/appmgmt");
  });
});
