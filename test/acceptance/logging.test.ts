// TF_LOG shows what the provider does (each API call, each wait's progress) as hclog JSON lines that
// terraform re-levels, and never a password, refresh token or session JWT.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { installTestProvider, type TestProvider } from "../helpers/provider";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

let svc: TestSimulator;
let provider: TestProvider;
let tf: TerraformWorkspace;
let logDir: string;

beforeAll(async () => {
  [svc, provider] = await Promise.all([startTestSimulator(), installTestProvider()]);
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-log-"));
});

afterAll(async () => {
  tf?.remove();
  provider?.remove();
  await svc?.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

test("TF_LOG_PROVIDER=DEBUG logs API calls and wait progress, and no secret", async () => {
  const logFile = path.join(logDir, "terraform.log");
  tf = TerraformWorkspace.create({
    provider,
    env: {
      ...svc.env,
      // Both credentials configured: the refresh token is used, the password must not leak either.
      APPMGMT_EMAIL: DEMO.email,
      APPMGMT_PASSWORD: DEMO.password,
      TF_LOG_PROVIDER: "DEBUG",
      TF_LOG_PATH: logFile,
    },
  });
  tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "logged" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "logged"
  parameters     = { "input.app-fork" = "release-1" }
}
`);
  await tf.init();
  await tf.apply();
  await tf.destroy();

  const log = fs.readFileSync(logFile, "utf8");
  // terraform re-levels the provider's hclog lines: they appear as provider DEBUG entries.
  expect(log).toMatch(/\[DEBUG\] provider\.terraform-provider-appmgmt[^\n]*POST[^\n]*\/launch/);
  expect(log).toMatch(/GET \/api\/1\/instances\/[0-9a-f]{24}[^\n]*200/);
  expect(log).toMatch(/\/destroy/);
  // Wait progress: the status seen by each poll.
  expect(log).toMatch(/waiting for instance [0-9a-f]{24}: (Requested|Executing|Running)/);
  expect(log).toMatch(/waiting for instance [0-9a-f]{24}: (Destroying|Destroyed)/);

  // The schema is asked once per command (GetProviderSchemaOptional), however many provider processes run.
  const starts = log.match(/starting plugin: path=\S*terraform-provider-appmgmt/g) ?? [];
  expect(starts.length).toBeGreaterThan(2);
  expect(log.match(/rpc done: [^\n]*\brpc=GetProviderSchema\b/g)).toHaveLength(2);

  for (const secret of [DEMO.password, DEMO.refreshToken]) expect(log).not.toContain(secret);
  expect(log).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
  // \b: terraform prints hclog fields in random order, so "path=/refreshToken/jwtBearer timestamp=..." occurs
  const credential = /\bBasic [A-Za-z0-9+/=]{8,}|\bBearer [\w.-]{8,}/;
  expect("path=/refreshToken/jwtBearer timestamp=2026-11-22T14:43:13.311Z").not.toMatch(credential);
  expect("authorization=Bearer abc.def-123").toMatch(credential);
  expect(log).not.toMatch(credential);
});
