// A team commits .terraform.lock.hcl: the lock made on one install for all four release platforms must
// pass `terraform init` on another install, made by a node at another path, and with the release zips
// of `appmgmt package` used as a packed filesystem mirror.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { filesystemMirrorCliConfig } from "../../src/cli/install-provider";
import { lockHash, SCRIPT_PLATFORMS } from "../../src/provider-package/provider-artifact";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../../src/provider/schema";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

const ROOT = path.join(__dirname, "..", "..");
const APPMGMT = path.join(ROOT, "bin", "appmgmt.js");
const PLATFORM_FLAGS = SCRIPT_PLATFORMS.map((p) => `-platform=${p}`);
const [, NAMESPACE, TYPE] = PROVIDER_SOURCE.split("/");

/** Runs the packaged `appmgmt` (bin/ over lib/) with `node`; throws with its output on failure. */
function appmgmt(node: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const run = spawnSync(node, [APPMGMT, ...args], { env, encoding: "utf8" });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`appmgmt ${args.join(" ")} failed: ${run.stderr}${run.stdout}`);
  return run.stdout;
}

describe("portable lock file", () => {
  let tmp: string;
  const workspaces: TerraformWorkspace[] = [];

  /** A workspace whose terraform takes appmgmt from the filesystem mirror `mirror`. */
  function workspace(mirror: string): TerraformWorkspace {
    const cliConfigFile = path.join(tmp, `terraformrc-${workspaces.length}`);
    fs.writeFileSync(cliConfigFile, `${filesystemMirrorCliConfig(mirror)}\n`);
    const tf = TerraformWorkspace.create({ env: { HOME: tmp, TF_CLI_CONFIG_FILE: cliConfigFile } });
    workspaces.push(tf);
    tf.writeMain(PROVIDER_HCL);
    return tf;
  }

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-lock-"));
  });

  afterAll(() => {
    workspaces.forEach((ws) => ws.remove());
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("a lock for four platforms made on one install passes init on an install by another node", async () => {
    // Install A, by this node, for all release platforms; lock against it.
    const mirrorA = path.join(tmp, "mirror-a");
    appmgmt(process.execPath, [
      "install-provider",
      "--script", // the JavaScript file: its bytes are the same for every platform and every node
      "--dir",
      mirrorA,
      ...SCRIPT_PLATFORMS.flatMap((p) => ["--platform", p]),
    ]);
    for (const host of ["registry.terraform.io", "registry.opentofu.org"])
      for (const platform of SCRIPT_PLATFORMS)
        expect(fs.existsSync(path.join(mirrorA, host, NAMESPACE, TYPE, PROVIDER_VERSION, platform))).toBe(
          true,
        );
    const first = workspace(mirrorA);
    await first.run(["providers", "lock", `-fs-mirror=${mirrorA}`, ...PLATFORM_FLAGS]).then((r) => {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
    });
    const lock = fs.readFileSync(path.join(first.dir, ".terraform.lock.hcl"), "utf8");
    expect(lock).toContain(`provider "${PROVIDER_SOURCE}"`);
    expect(lock).toContain(lockHash()); // every platform has the same bytes, so one h1 hash

    // Install B, by a copy of node in another directory, found on PATH: the installed bytes are the same.
    const otherNodeDir = path.join(tmp, "other node", "bin");
    fs.mkdirSync(otherNodeDir, { recursive: true });
    const otherNode = path.join(otherNodeDir, "node");
    fs.copyFileSync(process.execPath, otherNode);
    fs.chmodSync(otherNode, 0o755);
    const mirrorB = path.join(tmp, "mirror-b");
    const env = { ...process.env, PATH: `${otherNodeDir}${path.delimiter}${process.env.PATH}` };
    appmgmt(otherNode, ["install-provider", "--script", "--dir", mirrorB], env);

    const second = workspace(mirrorB);
    second.writeFile(".terraform.lock.hcl", lock);
    const init = await second.init({ check: false });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    // terraform runs the provider it installed.
    const schemas = await second.run(["providers", "schema", "-json"]);
    expect(JSON.parse(schemas.stdout).provider_schemas[PROVIDER_SOURCE].resource_schemas).toHaveProperty(
      "appmgmt_instance",
    );
    // init kept the committed lock as it was.
    expect(fs.readFileSync(path.join(second.dir, ".terraform.lock.hcl"), "utf8")).toBe(lock);
  });

  test("the release zips of `appmgmt package` are a packed filesystem mirror for the same lock", async () => {
    const mirror = path.join(tmp, "packed");
    const release = path.join(mirror, "registry.terraform.io", NAMESPACE, TYPE);
    // --script: the script for every platform (the executables are tested in provider-executable.test.ts).
    const listed = appmgmt(process.execPath, ["package", "--script", "--out", release]);
    const prefix = `terraform-provider-appmgmt_${PROVIDER_VERSION}`;
    expect(fs.readdirSync(release).sort()).toEqual(
      [
        ...SCRIPT_PLATFORMS.map((p) => `${prefix}_${p}.zip`),
        `${prefix}_SHA256SUMS`,
        `${prefix}_manifest.json`,
      ].sort(),
    );
    expect(listed).toContain(`${prefix}_SHA256SUMS`);
    const sums = fs.readFileSync(path.join(release, `${prefix}_SHA256SUMS`), "utf8");
    expect(sums.trim().split("\n")).toHaveLength(SCRIPT_PLATFORMS.length + 1);
    expect(JSON.parse(fs.readFileSync(path.join(release, `${prefix}_manifest.json`), "utf8"))).toEqual({
      version: 1,
      metadata: { protocol_versions: ["6.0"] },
    });

    // Deterministic: packaging again writes the same bytes.
    const again = path.join(tmp, "again");
    appmgmt(process.execPath, ["package", "--script", "--out", again]);
    expect(fs.readFileSync(path.join(again, `${prefix}_SHA256SUMS`), "utf8")).toBe(sums);

    const locking = workspace(mirror);
    const lockRun = await locking.run(["providers", "lock", `-fs-mirror=${mirror}`, ...PLATFORM_FLAGS]);
    expect(lockRun.stderr).toBe("");
    expect(lockRun.code).toBe(0);
    const lock = fs.readFileSync(path.join(locking.dir, ".terraform.lock.hcl"), "utf8");
    expect(lock).toContain(lockHash());

    const user = workspace(mirror);
    user.writeFile(".terraform.lock.hcl", lock);
    const init = await user.init({ check: false });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(`Installed ${NAMESPACE}/${TYPE} v${PROVIDER_VERSION}`);
    const schemas = await user.run(["providers", "schema", "-json"]);
    expect(JSON.parse(schemas.stdout).provider_schemas).toHaveProperty([PROVIDER_SOURCE]);
  });
});
