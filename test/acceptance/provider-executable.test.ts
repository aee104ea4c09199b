// The provider as a single executable (src/cli/sea.ts): terraform runs it where there is no Node, and
// `appmgmt package` builds it reproducibly for linux_amd64, linux_arm64 and windows_amd64 (a PE .exe,
// checked by its headers: there is no Windows machine here). The release is made once for the file, by the
// `appmgmt` command as a user runs it: its executables and zips come from the machine's cache where an earlier
// install or release (another test file's) made them from the same inputs, else are made now (three 90-120 MB
// binaries injected and zipped); `installProvider` builds this machine's executable again in an empty cache,
// which is the reproducibility check (two builds, never a file compared with itself), and the windows_amd64
// install takes the release's executable from the cache.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { unzipSync } from "fflate";
import {
  filesystemMirrorCliConfig,
  installProvider,
  InstalledProvider,
} from "../../src/cli/install-provider";
import { PREFIX } from "../../src/cli/package";
import { EXECUTABLE_NAME } from "../../src/provider-package/provider-artifact";
import { DEMO } from "../../src/simulator";
import { PROVIDER_HCL, terraformBinary, TerraformWorkspace } from "../helpers/terraform";
import { startTestSimulator, TestSimulator } from "../helpers/simulator";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const APPMGMT = path.join(__dirname, "..", "..", "bin", "appmgmt.js");
const RELEASE_PLATFORMS = ["linux_amd64", "linux_arm64", "windows_amd64"];

/** Runs the built `appmgmt` (bin/ over lib/) as a user does; throws with its output when it fails. */
function appmgmt(...args: string[]): void {
  const run = spawnSync(process.execPath, [APPMGMT, ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`appmgmt ${args.join(" ")} exited ${run.status}:\n${run.stderr}`);
}

/** The one file of a release zip: its name and bytes. */
function zipEntry(zipFile: string): { name: string; bytes: Uint8Array; mode: number } {
  const entries = Object.entries(unzipSync(fs.readFileSync(zipFile)));
  expect(entries).toHaveLength(1);
  const [name, bytes] = entries[0];
  return { name, bytes, mode: 0 };
}

/** The terraform binary on this process's PATH (the test fails when it is missing). */
function terraformOnPath(): string {
  const name = terraformBinary();
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is not on the PATH: install Terraform 1.11 (or set TERRAFORM_BINARY_NAME)`);
}

describe("the provider executable (Node single executable application)", () => {
  let tmp: string;
  let installed: InstalledProvider;
  let svc: TestSimulator;
  const workspaces: TerraformWorkspace[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-sea-"));
    appmgmt(
      "package",
      "--out",
      path.join(tmp, "release"),
      ...RELEASE_PLATFORMS.flatMap((p) => ["--platform", p]),
    );
    // An empty cache: this install builds (its Node binary and postject come from node_modules), never
    // takes an executable an earlier install kept.
    installed = await installProvider({ dir: path.join(tmp, "mirror"), cacheDir: path.join(tmp, "cache") });
    svc = await startTestSimulator();
  }, 600_000);

  afterAll(async () => {
    workspaces.forEach((ws) => ws.remove());
    await svc?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const zipOf = (platform: string) => path.join(tmp, "release", `${PREFIX}_${platform}.zip`);

  test("the same inputs give the same bytes: a second build equals the release's linux_amd64 executable", () => {
    const fromZip = zipEntry(zipOf("linux_amd64"));
    expect(fromZip.name).toBe(EXECUTABLE_NAME);
    const built = fs.readFileSync(installed.path);
    expect(sha256(built)).toBe(sha256(fromZip.bytes));
    expect(fs.statSync(installed.path).mode & 0o777).toBe(0o755);
    // An ELF executable for x86-64 (e_machine 62), with the blob inside.
    expect(built.subarray(0, 4)).toEqual(Buffer.from("\x7fELF", "latin1"));
    expect(built.readUInt16LE(18)).toBe(62);
    expect(built.includes("NODE_SEA_BLOB")).toBe(true);
    // SHA256SUMS lists each zip with its hash.
    const sums = fs.readFileSync(path.join(tmp, "release", `${PREFIX}_SHA256SUMS`), "utf8");
    for (const p of RELEASE_PLATFORMS)
      expect(sums).toContain(`${sha256(fs.readFileSync(zipOf(p)))}  ${PREFIX}_${p}.zip`);
  });

  test("terraform runs the linux executable with no node on its PATH: plan, apply, destroy", async () => {
    // A PATH holding terraform and nothing else.
    const binDir = path.join(tmp, "bin");
    fs.mkdirSync(binDir);
    fs.symlinkSync(terraformOnPath(), path.join(binDir, terraformBinary()));
    const noNode = spawnSync("/bin/sh", ["-c", "command -v node"], { env: { PATH: binDir } });
    expect(noNode.status).not.toBe(0);

    const mirrorDir = path.join(tmp, "mirror");
    const tf = TerraformWorkspace.create({
      provider: {
        mirrorDir,
        path: installed.path,
        version: installed.version,
        cliConfig: filesystemMirrorCliConfig(mirrorDir),
        remove: () => undefined,
      },
      env: { ...svc.env, PATH: binDir },
    });
    workspaces.push(tf);
    tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "web" {
  application_id   = "${DEMO.webshopApplicationId}"
  instance_name    = "sea-web"
  manifest_version = 1
  parameters       = { "input.app-fork" = "release-1" }
}
`);
    await tf.init();
    const plan = await tf.plan();
    expect(plan.stdout).toContain("1 to add");
    await tf.apply();
    const id = (await tf.resource("appmgmt_instance.web"))?.values.id as string;
    const onService = svc.sim.instances().find((i) => i.id === id);
    expect(onService?.name).toBe("sea-web");
    expect(onService?.status).toBe("Running");
    await tf.destroy();
    expect(svc.sim.instances().find((i) => i.id === id && i.status !== "Destroyed")).toBeUndefined();
  });

  test("the windows_amd64 zip holds terraform-provider-appmgmt_v<VERSION>.exe, a PE file for x86-64", () => {
    const { name, bytes } = zipEntry(zipOf("windows_amd64"));
    expect(name).toBe(`${EXECUTABLE_NAME}.exe`);
    const exe = Buffer.from(bytes);
    expect(exe.toString("latin1", 0, 2)).toBe("MZ");
    const peOffset = exe.readUInt32LE(0x3c); // e_lfanew
    expect(exe.toString("latin1", peOffset, peOffset + 4)).toBe("PE\0\0");
    expect(exe.readUInt16LE(peOffset + 4)).toBe(0x8664); // IMAGE_FILE_MACHINE_AMD64
    expect(exe.readUInt16LE(peOffset + 24)).toBe(0x20b); // optional header: PE32+
    expect(exe.readUInt16LE(peOffset + 24 + 68)).toBe(3); // subsystem: Windows console
    expect(exe.includes(Buffer.from("NODE_SEA_BLOB", "utf16le"))).toBe(true); // the resource's name
  });

  test("install-provider --platform windows_amd64 installs the .exe the release holds (what it does on Windows)", async () => {
    const mirror = path.join(tmp, "windows-mirror");
    appmgmt("install-provider", "--dir", mirror, "--platform", "windows_amd64");
    const files = fs.readdirSync(mirror, { recursive: true, encoding: "utf8" });
    const exes = files
      .filter((f) => fs.statSync(path.join(mirror, f)).isFile())
      .map((f) => f.split(path.sep).join("/"));
    expect(exes.sort()).toEqual(
      ["registry.opentofu.org", "registry.terraform.io"].map(
        (host) => `${host}/appmgmt/appmgmt/${installed.version}/windows_amd64/${EXECUTABLE_NAME}.exe`,
      ),
    );
    const exe = fs.readFileSync(path.join(mirror, exes[0]));
    expect(sha256(exe)).toBe(sha256(zipEntry(zipOf("windows_amd64")).bytes));
  });

  test("the linux_arm64 zip holds an ELF executable for AArch64", () => {
    const { name, bytes } = zipEntry(zipOf("linux_arm64"));
    expect(name).toBe(EXECUTABLE_NAME);
    const elf = Buffer.from(bytes);
    expect(elf.subarray(0, 4)).toEqual(Buffer.from("\x7fELF", "latin1"));
    expect(elf.readUInt16LE(18)).toBe(183); // EM_AARCH64
    expect(elf.includes("NODE_SEA_BLOB")).toBe(true);
  });
});
