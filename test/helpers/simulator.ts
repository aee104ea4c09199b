// Simulator start/stop for tests that drive the service from outside (terraform, cdktf): the demo seed
// (ids in DEMO) with short workflow timings, on 127.0.0.1 with an OS-assigned port.
//
//   const svc = await startTestSimulator();          // afterAll(() => svc.close())
//   svc.env     -> APPMGMT_* variables that point a provider at it (refresh-token login)
//   svc.sim     -> the Simulator: instances(), failApplication(), setTiming(), stats
//   svc.client  -> an AppMgmtClient of the demo user, to check the service side (Basic auth: it makes no
//                  token calls, so sim.stats.tokenCalls counts the provider's alone)
import { AppMgmtClient } from "../../src/client";
import {
  DEMO,
  DEMO_MANIFESTS,
  demoSeed,
  Simulator,
  startSimulator,
  type SeedData,
} from "../../src/simulator";

/** webshop's version 1 declaring the workflow `backup` with one parameter, `target` (application.workflows). */
export const BACKUP_WORKFLOW_MANIFEST = `${DEMO_MANIFESTS.webshop[1]}
  workflows:
    backup:
      parameters:
        target: configuration(string)
`;

/** Fast enough for several terraform steps per test, slow enough that every status is observable. */
export const TEST_TIMING = { launchMs: 150, reconfigureMs: 150, destroyMs: 100 };

export interface TestSimulator {
  url: string;
  sim: Simulator;
  client: AppMgmtClient;
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface TestSimulatorOptions {
  timing?: Partial<typeof TEST_TIMING>;
  /** Instead of the demo seed (e.g. test/helpers/two-orgs.ts). */
  seed?: SeedData;
}

export async function startTestSimulator(opts: TestSimulatorOptions = {}): Promise<TestSimulator> {
  const server = await startSimulator({
    seed: opts.seed ?? demoSeed(),
    host: "127.0.0.1",
    port: 0,
    timing: { ...TEST_TIMING, ...opts.timing },
  });
  const client = new AppMgmtClient({ baseUrl: server.url, email: DEMO.email, password: DEMO.password });
  return {
    url: server.url,
    sim: server.sim,
    client,
    env: { APPMGMT_BASE_URL: server.url, APPMGMT_REFRESH_TOKEN: DEMO.refreshToken },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** The status reads (GET /instances/{id}) of instance `id` the simulator served since request number `since`. */
export const statusReads = (sim: Simulator, id: string, since: number): number =>
  sim.stats.requests.filter((r) => r.seq > since && r.method === "GET" && r.path === `/api/1/instances/${id}`)
    .length;
