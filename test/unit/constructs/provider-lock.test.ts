// The provider construct writes the appmgmt lock entry into its stack's synthesized directory, so the
// cdktf CLI skips `terraform providers lock` (which would ask registry.terraform.io).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { App, TerraformStack } from "cdktf";
import { lockHash } from "../../../src/cli/provider-artifact";
import { AppMgmtProvider } from "../../../src/constructs";
import { lockEntry, withLockEntry } from "../../../src/constructs/provider-lock";
import { PROVIDER_SOURCE } from "../../../src/provider/schema";

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

  function synth(): string {
    const app = new App({ outdir });
    new AppMgmtProvider(new TerraformStack(app, "shop"), "appmgmt");
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
    const stale = lockEntry("h1:stale=");
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
});
