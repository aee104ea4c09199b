// Signed releases and a private registry from a static file server (issue 22 items 2 and 3): `appmgmt
// package --registry-out DIR --base-url URL --gpg-key KEY` writes the registry protocol's documents and
// the signed release; DIR served over HTTPS (certificate from a private CA this test makes, trusted by
// terraform through SSL_CERT_FILE) is a registry that terraform installs from with no CLI configuration,
// checking the signature, and that `terraform providers lock` and `providers mirror` use. The release
// is built once for the file: linux_amd64 and windows_amd64 executables, the darwin scripts.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PREFIX } from "../../src/cli/package";
import { PROVIDER_VERSION } from "../../src/provider/schema";
import { makeCertificates, TestCertificates } from "../helpers/certificates";
import { gpgIn, GpgKey, makeGpgKey } from "../helpers/gpg-key";
import { serveDirectory, StaticHttpsServer } from "../helpers/static-https";
import { TerraformWorkspace } from "../helpers/terraform";

const ROOT = path.join(__dirname, "..", "..");
const APPMGMT = path.join(ROOT, "bin", "appmgmt.js");
const PLATFORMS = ["linux_amd64", "windows_amd64", "darwin_amd64", "darwin_arm64"];

/** Runs the packaged `appmgmt` (bin/ over lib/) with GNUPGHOME set. */
function appmgmt(args: string[], gnupgHome: string) {
  return spawnSync(process.execPath, [APPMGMT, ...args], {
    env: { ...process.env, GNUPGHOME: gnupgHome },
    encoding: "utf8",
  });
}

/** Every file under `dir`, relative, with "/" separators. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

describe("signed releases in a private registry served by a static HTTPS server", () => {
  let tmp: string;
  let key: GpgKey;
  let certs: TestCertificates;
  let server: StaticHttpsServer;
  let registry: string;
  let packaged: ReturnType<typeof appmgmt>;
  const workspaces: TerraformWorkspace[] = [];

  /** A workspace with no CLI configuration whose terraform trusts the test CA. */
  function workspace(): TerraformWorkspace {
    const tf = TerraformWorkspace.create({
      env: { HOME: path.join(tmp, "home"), SSL_CERT_FILE: path.join(certs.dir, "ca.pem") },
    });
    workspaces.push(tf);
    tf.writeMain(`terraform {
  required_providers {
    appmgmt = {
      source  = "${server.host}/appmgmt/appmgmt"
      version = "${PROVIDER_VERSION}"
    }
  }
}
`);
    return tf;
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-registry-"));
    fs.mkdirSync(path.join(tmp, "home"));
    key = makeGpgKey();
    certs = makeCertificates();
    registry = path.join(tmp, "registry");
    fs.mkdirSync(registry);
    server = await serveDirectory(registry, certs.server);
    packaged = appmgmt(
      [
        "package",
        "--registry-out",
        registry,
        "--base-url",
        server.url,
        "--gpg-key",
        key.keyId,
        ...PLATFORMS.flatMap((p) => ["--platform", p]),
      ],
      key.home,
    );
  }, 600_000);

  afterAll(async () => {
    workspaces.forEach((ws) => ws.remove());
    await server?.close();
    certs?.remove();
    key?.remove();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("package --registry-out writes discovery, versions, a download document per platform and the signed release", () => {
    expect(packaged.stderr).not.toContain("unsigned");
    expect(packaged.status).toBe(0);
    expect(packaged.stdout).toContain(`source = "${server.host}/appmgmt/appmgmt"`);
    const release = `v1/providers/appmgmt/appmgmt/${PROVIDER_VERSION}`;
    expect(filesUnder(registry)).toEqual(
      [
        ".well-known/terraform.json",
        "v1/providers/appmgmt/appmgmt/versions",
        ...PLATFORMS.map((p) => `${release}/download/${p.replace("_", "/")}`),
        ...PLATFORMS.map((p) => `${release}/${PREFIX}_${p}.zip`),
        `${release}/${PREFIX}_SHA256SUMS`,
        `${release}/${PREFIX}_SHA256SUMS.sig`,
        `${release}/${PREFIX}_signing-key.asc`,
        `${release}/${PREFIX}_manifest.json`,
      ].sort(),
    );
    const read = (f: string) =>
      JSON.parse(fs.readFileSync(path.join(registry, f), "utf8")) as Record<string, unknown>;
    expect(read(".well-known/terraform.json")).toEqual({ "providers.v1": `${server.url}/v1/providers/` });
    const download = read(`${release}/download/windows/amd64`);
    expect(download).toMatchObject({
      os: "windows",
      arch: "amd64",
      protocols: ["6.0"],
      filename: `${PREFIX}_windows_amd64.zip`,
      download_url: `${server.url}/${release}/${PREFIX}_windows_amd64.zip`,
      shasums_signature_url: `${server.url}/${release}/${PREFIX}_SHA256SUMS.sig`,
      signing_keys: { gpg_public_keys: [expect.objectContaining({ key_id: key.keyId })] },
    });
    // The signature is a detached binary signature that gpg verifies with the published key.
    const sig = fs.readFileSync(path.join(registry, release, `${PREFIX}_SHA256SUMS.sig`));
    expect(sig.subarray(0, 5).toString("latin1")).not.toBe("-----"); // binary, not armoured
    gpgIn(key.home, [
      "--verify",
      path.join(registry, release, `${PREFIX}_SHA256SUMS.sig`),
      path.join(registry, release, `${PREFIX}_SHA256SUMS`),
    ]);
  });

  test("terraform init installs it with no CLI configuration and checks the signature", async () => {
    const tf = workspace();
    const init = await tf.init();
    expect(init.stdout).toContain(
      `Installed ${server.host}/appmgmt/appmgmt v${PROVIDER_VERSION} (self-signed, key ID ${key.keyId})`,
    );
    expect(server.requests).toContain("/.well-known/terraform.json");
    // terraform runs what it installed (the linux_amd64 executable).
    const schemas = await tf.run(["providers", "schema", "-json"]);
    expect(schemas.code).toBe(0);
    expect(Object.keys(JSON.parse(schemas.stdout).provider_schemas)).toEqual([
      `${server.host}/appmgmt/appmgmt`,
    ]);
  });

  test("terraform providers lock for four platforms and providers mirror use the registry", async () => {
    const tf = workspace();
    const lock = await tf.run(["providers", "lock", ...PLATFORMS.map((p) => `-platform=${p}`)]);
    expect(lock.code).toBe(0);
    const lockFile = fs.readFileSync(path.join(tf.dir, ".terraform.lock.hcl"), "utf8");
    const sums = fs.readFileSync(
      path.join(registry, `v1/providers/appmgmt/appmgmt/${PROVIDER_VERSION}`, `${PREFIX}_SHA256SUMS`),
      "utf8",
    );
    for (const line of sums
      .trim()
      .split("\n")
      .filter((l) => l.endsWith(".zip")))
      expect(lockFile).toContain(`"zh:${line.split(" ")[0]}"`);
    // One h1 per platform's contents: the executables differ, the darwin scripts are one.
    expect(lockFile.match(/"h1:/g)).toHaveLength(3);

    const mirror = path.join(tmp, "mirror");
    const run = await tf.run([
      "providers",
      "mirror",
      "-platform=linux_amd64",
      "-platform=darwin_arm64",
      mirror,
    ]);
    expect(run.code).toBe(0);
    expect(filesUnder(mirror)).toEqual(
      expect.arrayContaining([
        `${server.host}/appmgmt/appmgmt/${PREFIX}_linux_amd64.zip`,
        `${server.host}/appmgmt/appmgmt/${PREFIX}_darwin_arm64.zip`,
      ]),
    );
  });

  test("--gpg-key FILE signs with a key file; without a key the release says it is unsigned", () => {
    const signed = path.join(tmp, "signed");
    const withFile = appmgmt(
      ["package", "--script", "--platform", "linux_amd64", "--out", signed, "--gpg-key", key.secretKeyFile],
      key.home,
    );
    expect(withFile.status).toBe(0);
    expect(withFile.stdout).toContain(`with key ${key.keyId}`);
    gpgIn(key.home, [
      "--verify",
      path.join(signed, `${PREFIX}_SHA256SUMS.sig`),
      path.join(signed, `${PREFIX}_SHA256SUMS`),
    ]);
    expect(fs.readFileSync(path.join(signed, `${PREFIX}_signing-key.asc`), "utf8")).toContain(
      "-----BEGIN PGP PUBLIC KEY BLOCK-----",
    );

    const unsigned = appmgmt(
      ["package", "--script", "--platform", "linux_amd64", "--out", path.join(tmp, "unsigned")],
      key.home,
    );
    expect(unsigned.status).toBe(0);
    expect(unsigned.stderr).toContain("the release is unsigned (no --gpg-key)");
    expect(unsigned.stderr).toContain("pass --gpg-key KEYID");
    expect(fs.existsSync(path.join(tmp, "unsigned", `${PREFIX}_SHA256SUMS.sig`))).toBe(false);

    const noKey = appmgmt(
      ["package", "--registry-out", path.join(tmp, "r2"), "--base-url", server.url],
      key.home,
    );
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain("--registry-out needs --gpg-key KEY");
  });

  test("--gpg-key with an unknown key fails before building anything and leaves no output folder", () => {
    const out = path.join(tmp, "unknown-key");
    // Not --script: without the check first, this would build the linux_amd64 executable before failing.
    const run = appmgmt(
      ["package", "--platform", "linux_amd64", "--out", out, "--gpg-key", "nobody@example.com"],
      key.home,
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("--gpg-key: looking up the secret key nobody@example.com failed");
    expect(run.stderr).toContain("Name a key that `gpg --list-secret-keys` lists");
    expect(run.stderr).not.toContain("building the linux_amd64 executable");
    expect(run.stdout).toBe("");
    expect(fs.existsSync(out)).toBe(false);
  });
});
