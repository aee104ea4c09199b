// Real terraform across a service restart with a new signing key: the session token in the provider's token
// cache is still young by the local clock but the service no longer accepts it. The next plan must not fail
// with 401 for the rest of the token's hour: the provider drops it, gets one new token, resends once.
import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DEMO, demoSeed, startSimulator, type RunningSimulator } from "../../src/simulator";
import { installTestProvider, type TestProvider } from "../helpers/provider";
import { TEST_TIMING } from "../helpers/simulator";
import { PROVIDER_HCL, TerraformWorkspace, describeRun } from "../helpers/terraform";

let dir: string;
let provider: TestProvider;
let ws: TerraformWorkspace | undefined;
const running: RunningSimulator[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "appmgmt-restart-"));
  provider = await installTestProvider();
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.close().catch(() => undefined)));
  ws?.remove();
  provider?.remove();
  await fs.rm(dir, { recursive: true, force: true });
});

test("a plan after the service restarted with a new signing key recovers after one 401", async () => {
  const statePath = path.join(dir, "state.json");
  const first = await startSimulator({ seed: demoSeed(), statePath, timing: TEST_TIMING });
  running.push(first);
  ws = TerraformWorkspace.create({
    provider,
    env: { APPMGMT_BASE_URL: first.url, APPMGMT_REFRESH_TOKEN: DEMO.refreshToken },
  });
  ws.writeMain(`${PROVIDER_HCL}
data "appmgmt_organizations" "all" {}

output "organizations" {
  value = length(data.appmgmt_organizations.all.organizations)
}
`);
  await ws.init();
  expect((await ws.plan()).stdout).toContain("organizations = 1");
  expect(first.sim.stats.tokenCalls).toBe(1);
  await first.close();

  // The cached token (valid for another hour) was obtained over a minute ago, as after any real pause:
  // otherwise the provider would first wait out the minute that must separate two token calls.
  const cacheDir = path.join(path.dirname(ws.dir), "token-cache");
  const [cacheFile] = (await fs.readdir(cacheDir)).filter((f) => f.endsWith(".json"));
  const cached = JSON.parse(await fs.readFile(path.join(cacheDir, cacheFile), "utf8")) as {
    obtainedAt: number;
  };
  cached.obtainedAt -= 120_000;
  await fs.writeFile(path.join(cacheDir, cacheFile), JSON.stringify(cached));

  // Same state and address, a new signing key.
  const state = JSON.parse(await fs.readFile(statePath, "utf8")) as { jwtSecret: string };
  state.jwtSecret = Buffer.alloc(32, 9).toString("base64");
  await fs.writeFile(statePath, JSON.stringify(state));
  const second = await startSimulator({ statePath, port: Number(new URL(first.url).port) });
  running.push(second);

  const run = await ws.plan({ check: false });
  expect({ code: run.code, run: describeRun(run) }).toMatchObject({ code: 2 });
  expect(run.stdout).toContain("organizations = 1");
  expect(second.sim.stats.tokenCalls).toBe(1);
  expect(second.sim.stats.requests.filter((r) => r.status === 401)).toHaveLength(1);
});
