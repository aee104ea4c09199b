// Issue 28 item 5: the service stops answering while terraform waits for a workflow. After unreachable_timeout
// of polls with no answer the wait stops with an error naming the URL and saying the instance may be fine;
// an update leaves the instance as it is in the state, a create leaves it tainted.
import { promises as fs } from "node:fs";
import * as net from "node:net";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import { DEMO, demoSeed, startSimulator, type RunningSimulator } from "../../src/simulator";
import { installTestProvider, type TestProvider } from "../helpers/provider";
import { TEST_TIMING } from "../helpers/simulator";
import { describeRun, TerraformWorkspace, type RunningTerraform } from "../helpers/terraform";
import { pollUntil } from "../helpers/wait";

let dir: string;
let provider: TestProvider;
let sim: RunningSimulator;
let port: number;
const workspaces: TerraformWorkspace[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "appmgmt-unreachable-"));
  provider = await installTestProvider();
  sim = await startSimulator({
    seed: demoSeed(),
    statePath: path.join(dir, "state.json"),
    timing: TEST_TIMING,
  });
  port = Number(new URL(sim.url).port);
});
afterAll(async () => {
  await sim.close().catch(() => undefined);
  workspaces.forEach((ws) => ws.remove());
  provider?.remove();
  await fs.rm(dir, { recursive: true, force: true });
});

function workspace(name: string, fork: string, baseUrl = sim.url): TerraformWorkspace {
  const ws = TerraformWorkspace.create({
    provider,
    env: { APPMGMT_BASE_URL: baseUrl, APPMGMT_REFRESH_TOKEN: DEMO.refreshToken },
  });
  workspaces.push(ws);
  ws.writeMain(`${requiredProvidersSnippet()}

provider "appmgmt" {
  unreachable_timeout = "1s"
  max_retries         = 0
}

resource "appmgmt_instance" "${name}" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "${name}"
  parameters     = { "input.app-fork" = "${fork}" }
}
`);
  return ws;
}

/**
 * Stops the simulator once the provider polls instance `name` after the call that started its workflow
 * (`started`, among the requests after `since`): the provider is waiting for that workflow.
 */
async function stopMidWait(
  name: string,
  started: (r: { method: string; path: string }) => boolean,
  since: number,
  apply: RunningTerraform,
) {
  let finished: string | undefined;
  void apply.done.then((r) => (finished = describeRun(r)));
  const id = await pollUntil(`a status poll of ${name} after its workflow started`, () => {
    if (finished) throw new Error(`terraform ended before the wait: ${finished}`);
    const instance = sim.sim.instances().find((i) => i.name === name && i.status !== "Destroyed");
    const requests = sim.sim.stats.requestsSince(since);
    const start = requests.findIndex(started);
    const polled =
      start >= 0 &&
      requests
        .slice(start + 1)
        .some((r) => r.method === "GET" && instance && r.path === `/api/1/instances/${instance.id}`);
    return polled ? instance!.id : undefined;
  });
  await sim.close();
  const run = await apply.done;
  return { id, run, out: run.stderr.replace(/[│\s]+/g, " ") };
}

function expectUnreachableError(out: string, id: string) {
  expect(out).toContain("the service did not answer any status poll for");
  expect(out).toContain("(unreachable_timeout 1s; last poll: GET /api/1/instances/");
  expect(out).toContain(`could not reach http://127.0.0.1:${port}/api/1/instances/${id}`);
  expect(out).toContain("The wait failed, not the workflow: the instance may be fine");
}

test("an update whose service goes silent stops after unreachable_timeout and leaves the instance untainted", async () => {
  const ws = workspace("kept", "release-1");
  await ws.init();
  await ws.apply();
  sim.sim.setTiming({ reconfigureMs: 120_000 });
  ws.writeMain((await fs.readFile(path.join(ws.dir, "main.tf"), "utf8")).replace("release-1", "release-2"));
  const since = sim.sim.stats.requestCount;
  const { id, run, out } = await stopMidWait(
    "kept",
    (r) => r.method === "PUT" && r.path.endsWith("/configuration"),
    since,
    ws.start(["apply", "-no-color", "-input=false", "-auto-approve"]),
  );
  expect({ code: run.code, run: describeRun(run) }).toMatchObject({ code: 1 });
  expect(out).toContain(`Instance ${id}: update did not complete`);
  expectUnreachableError(out, id);
  expect(out).toContain("Run terraform apply again once the cause is fixed");
  expect(await ws.resource("appmgmt_instance.kept")).toMatchObject({ tainted: false, values: { id } });

  // The service comes back (same port, same state) for the create below.
  sim = await startSimulator({
    statePath: path.join(dir, "state.json"),
    port,
    timing: { ...TEST_TIMING, launchMs: 120_000 },
  });
});

test("a create whose service goes silent stops after unreachable_timeout and leaves the instance tainted", async () => {
  const ws = workspace("fresh", "release-3");
  await ws.init();
  const since = sim.sim.stats.requestCount;
  const { id, run, out } = await stopMidWait(
    "fresh",
    (r) => r.method === "POST" && r.path.endsWith("/launch"),
    since,
    ws.start(["apply", "-no-color", "-input=false", "-auto-approve"]),
  );
  expect({ code: run.code, run: describeRun(run) }).toMatchObject({ code: 1 });
  expect(out).toContain(`Instance ${id}: create did not complete`);
  expectUnreachableError(out, id);
  expect(out).toContain("The wait was cut short, not the launch");
  expect(await ws.resource("appmgmt_instance.fresh")).toMatchObject({ tainted: true, values: { id } });
});

// Issue 39 (point 10): with an empty state a plan needs nothing from the service, so it passed without a word
// while the apply could only fail.
test("a plan of new instances against a service that does not answer passes with a warning naming base_url", async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const ws = workspace("unplanned", "release-4", url);
  await ws.init();
  const plan = await ws.plan();
  expect(plan.code).toBe(2);
  const out = (plan.stdout + plan.stderr).replace(/\s+/g, " "); // terraform wraps the detail
  expect(out).toContain("Warning: The appmgmt service did not answer when the provider was configured");
  expect(out).toContain(`could not reach ${url}/`);
  expect(out).toContain("plan again once the service answers");
});
