// cdktf with the provider from a private registry (issue 22): the files of `appmgmt package
// --registry-out DIR --base-url URL --gpg-key KEY`, served over HTTPS on loopback (a private CA trusted
// through SSL_CERT_FILE), and a stack whose AppMgmtProvider has `source: "HOST:PORT/appmgmt/appmgmt"`.
// The construct writes no lock entry for that source, so cdktf runs its lock step
// (`terraform providers lock -platform=linux_amd64`, no --skip-provider-lock) against the registry.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PREFIX } from "../../src/cli/package";
import { PROVIDER_VERSION } from "../../src/provider/schema";
import { DEMO } from "../../src/simulator";
import { CdkCliSession } from "../helpers/cdk-cli";
import { makeCertificates, type TestCertificates } from "../helpers/certificates";
import { makeGpgKey, type GpgKey } from "../helpers/gpg-key";
import { serveDirectory, type StaticHttpsServer } from "../helpers/static-https";

const APPMGMT = path.join(__dirname, "..", "..", "bin", "appmgmt.js");
const RELEASE = `v1/providers/appmgmt/appmgmt/${PROVIDER_VERSION}`;
const ZIP = `${PREFIX}_linux_amd64.zip`;

let session: CdkCliSession;
let key: GpgKey;
let certs: TestCertificates;
let server: StaticHttpsServer;
let registry: string;

beforeAll(async () => {
  session = await CdkCliSession.start();
  key = makeGpgKey();
  certs = makeCertificates();
  registry = path.join(session.tmp, "registry");
  fs.mkdirSync(registry);
  server = await serveDirectory(registry, certs.server);
  const args = ["package", "--registry-out", registry, "--base-url", server.url, "--gpg-key", key.keyId];
  const packaged = spawnSync(process.execPath, [APPMGMT, ...args, "--platform", "linux_amd64"], {
    env: { ...process.env, GNUPGHOME: key.home },
    encoding: "utf8",
  });
  if (packaged.status !== 0) throw new Error(`appmgmt package failed:\n${packaged.stderr}${packaged.stdout}`);
}, 600_000);

afterAll(async () => {
  await server?.close();
  certs?.remove();
  key?.remove();
  await session?.close();
});

test("diff, deploy and destroy with the provider from a private registry, cdktf's lock step included", async () => {
  const dir = session.newProject("private-registry", "test/e2e/fixtures/private-registry-app.ts");
  const source = `${server.host}/appmgmt/appmgmt`;
  const env = { APPMGMT_PROVIDER_SOURCE: source, SSL_CERT_FILE: path.join(certs.dir, "ca.pem") };

  const diff = await session.runOk(dir, ["diff"], env);
  expect(diff).toMatch(/Plan: 1 to add, 0 to change, 0 to destroy/);
  expect(diff).toContain(`Installed ${source} v${PROVIDER_VERSION} (self-signed, key ID ${key.keyId})`);
  // terraform init asked the registry for the linux_amd64 package, then cdktf's lock step did.
  const lockStep = `Obtained ${source} checksums for linux_amd64`;
  expect(diff).toContain(lockStep);
  const downloadDocument = `/${RELEASE}/download/linux/amd64`;
  expect(server.requests.filter((p) => p === downloadDocument)).toHaveLength(2);
  const stackDir = path.join(dir, "cdktf.out", "stacks", "private-registry");
  const lock = fs.readFileSync(path.join(stackDir, ".terraform.lock.hcl"), "utf8");
  const sums = fs.readFileSync(path.join(registry, RELEASE, `${PREFIX}_SHA256SUMS`), "utf8");
  const zipSum = sums
    .split("\n")
    .find((l) => l.endsWith(`  ${ZIP}`))!
    .split(" ")[0];
  expect(lock).toContain(`provider "${source}" {`);
  expect(lock).toContain(`"zh:${zipSum}"`);
  expect(lock).not.toContain('provider "registry.terraform.io/appmgmt/appmgmt"');

  const deploy = await session.runOk(dir, ["deploy", "--auto-approve"], env);
  const instance = await session.instanceNamed(DEMO.defaultEnvironmentId, "private-registry-shop");
  expect(instance.status).toBe("Running");
  expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "small" });
  // The lock was complete: deploy did not run the lock step again.
  expect(deploy).not.toContain(lockStep);

  await session.runOk(dir, ["destroy", "--auto-approve"], env);
  expect((await session.svc.client.getInstance(instance.id)).status).toBe("Destroyed");
});
