// HTTPS end to end with real terraform: the simulator serves a certificate from a private CA (made with
// openssl); base_url https + ca_cert_pem works, without it the error names the certificate problem and the fix,
// a CA in NODE_EXTRA_CA_CERTS is trusted, insecure works with a warning on every run, and a certificate for
// another host name is refused.
import * as fs from "node:fs";
import * as path from "node:path";
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import { DEMO, startSimulator, type RunningSimulator } from "../../src/simulator";
import { makeCertificates, type TestCertificates } from "../helpers/certificates";
import { installTestProvider, type TestProvider } from "../helpers/provider";
import { TerraformWorkspace } from "../helpers/terraform";

const TIMING = { launchMs: 150, reconfigureMs: 150, destroyMs: 100 };
const INSECURE_WARNING = /Warning: TLS certificate verification is off \(insecure = true\)/;

let certs: TestCertificates;
let provider: TestProvider;
let svc: RunningSimulator;
let otherHost: RunningSimulator;
const workspaces: TerraformWorkspace[] = [];

beforeAll(async () => {
  certs = makeCertificates();
  [provider, svc, otherHost] = await Promise.all([
    installTestProvider(),
    startSimulator({ tls: certs.server, timing: TIMING }),
    startSimulator({ tls: certs.otherHost, timing: TIMING }),
  ]);
});

afterAll(async () => {
  for (const ws of workspaces) ws.remove();
  provider?.remove();
  await svc?.close();
  await otherHost?.close();
  certs?.remove();
});

/** A workspace whose provider block holds `settings`, with the CA certificate beside main.tf as ca.pem. */
async function workspace(
  baseUrl: string,
  settings: string,
  body: string,
  env: Record<string, string> = {},
): Promise<TerraformWorkspace> {
  const ws = TerraformWorkspace.create({
    provider,
    env: { APPMGMT_REFRESH_TOKEN: DEMO.refreshToken, ...env },
  });
  workspaces.push(ws);
  ws.writeFile("ca.pem", certs.caPem);
  ws.writeMain(`${requiredProvidersSnippet()}

provider "appmgmt" {
  base_url = "${baseUrl}"
  ${settings}
}

${body}
`);
  await ws.init();
  return ws;
}

const ORGANIZATIONS = `data "appmgmt_organizations" "all" {}
output "orgs" { value = [for o in data.appmgmt_organizations.all.organizations : o.name] }`;

test("base_url https + ca_cert_pem: apply creates the instance on the service", async () => {
  expect(svc.url).toMatch(/^https:/);
  const ws = await workspace(
    svc.url,
    'ca_cert_pem = file("ca.pem")',
    `resource "appmgmt_instance" "tls" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "over-https"
}`,
  );
  const apply = await ws.apply();
  expect(apply.stdout + apply.stderr).not.toMatch(/Warning/);
  const id = (await ws.resource("appmgmt_instance.tls"))?.values.id as string;
  expect(svc.sim.instances().find((i) => i.id === id)).toMatchObject({
    name: "over-https",
    status: "Running",
  });
  await ws.destroy();
  expect(svc.sim.instances().find((i) => i.id === id)?.status).toBe("Destroyed");
});

test("without ca_cert_pem the error names the unknown CA and both fixes", async () => {
  const ws = await workspace(svc.url, "", ORGANIZATIONS);
  const plan = await ws.plan({ check: false });
  expect(plan.code).toBe(1);
  const out = plan.stderr.replace(/\s+/g, " ");
  expect(out).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
  expect(out).toMatch(/certificate is signed by an unknown CA: set ca_cert_pem to the PEM of the CA/);
  expect(out).toMatch(/insecure = true skips verification, for a lab only/);
});

test("the CA in NODE_EXTRA_CA_CERTS is trusted without ca_cert_pem, as node itself would", async () => {
  // The provider's launcher keeps the variable from node's start and hands the file to the client.
  const caFile = path.join(certs.dir, "extra-ca.pem");
  fs.writeFileSync(caFile, certs.caPem);
  const ws = await workspace(svc.url, "", ORGANIZATIONS, { NODE_EXTRA_CA_CERTS: caFile });
  const apply = await ws.apply();
  expect(apply.stdout + apply.stderr).not.toMatch(/Warning/);
  expect(apply.stdout).toMatch(/orgs = \[\s*"Demo Org",?\s*\]/);
});

test("insecure = true works and warns on every run", async () => {
  const ws = await workspace(svc.url, "insecure = true", ORGANIZATIONS);
  const plan = await ws.plan();
  expect(plan.stdout + plan.stderr).toMatch(INSECURE_WARNING);
  const apply = await ws.apply();
  expect(apply.stdout + apply.stderr).toMatch(INSECURE_WARNING);
  expect(apply.stdout).toMatch(/orgs = \[\s*"Demo Org",?\s*\]/);
});

test("a certificate for another host name is refused even with its CA trusted", async () => {
  const ws = await workspace(otherHost.url, 'ca_cert_pem = file("ca.pem")', ORGANIZATIONS);
  const plan = await ws.plan({ check: false });
  expect(plan.code).toBe(1);
  const out = plan.stderr.replace(/\s+/g, " ");
  expect(out).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  expect(out).toMatch(
    /certificate is for another host name .*use a base_url host name that the certificate names/,
  );
});
