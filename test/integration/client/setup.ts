// A simulator with fast workflows and a client logged in to it, for client ↔ simulator tests.
import {
  AppMgmtClient,
  waitForInstance,
  type ClientOptions,
  type InstanceStatus,
  type PollSchedule,
} from "../../../src/client";
import { DEMO, demoSeed, startSimulator, type RunningSimulator, type SeedData } from "../../../src/simulator";
import { BACKUP_WORKFLOW_MANIFEST } from "../../helpers/simulator";
import { FAST_TIMING } from "../simulator/http";

/** Polls every 15 ms: the workflows here take 150–250 ms (IN_FLIGHT_MS where one must be caught running). */
export const FAST_POLLS: PollSchedule = {
  offsetsMs: [],
  thenFraction: 0,
  thenMinGapMs: 15,
  thenMaxGapMs: 15,
};

export interface Harness {
  svc: RunningSimulator;
  client: AppMgmtClient;
  newClient(opts?: Partial<ClientOptions>): AppMgmtClient;
  close(): Promise<void>;
}

export async function startHarness(seed: SeedData = demoSeed()): Promise<Harness> {
  const svc = await startSimulator({ seed, timing: FAST_TIMING });
  const clients: AppMgmtClient[] = [];
  const newClient = (opts: Partial<ClientOptions> = {}) => {
    const c = new AppMgmtClient({ baseUrl: svc.url, email: DEMO.email, password: DEMO.password, ...opts });
    clients.push(c);
    return c;
  };
  return {
    svc,
    client: newClient(),
    newClient,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await svc.close();
    },
  };
}

/** Waits until no workflow runs on the instance any more and returns its status. */
export function settled(client: AppMgmtClient, id: string): Promise<InstanceStatus> {
  return waitForInstance(client, id, {
    until: (s) => s.workflow === null && s.status !== "Requested",
    timeoutMs: 5000,
    schedule: FAST_POLLS,
  });
}

/** Launches webshop and waits for Running. */
export async function launched(
  client: AppMgmtClient,
  req: Parameters<AppMgmtClient["launch"]>[1],
): Promise<InstanceStatus> {
  const { id } = await client.launch(DEMO.webshopApplicationId, req);
  const s = await settled(client, id);
  expect(s.status).toBe("Running");
  return s;
}

/** A new application named `name` whose manifest declares the workflow `backup` (BACKUP_WORKFLOW_MANIFEST). */
export async function applicationWithBackup(h: Harness, name: string): Promise<string> {
  const { id } = await h.client.createApplication(DEMO.organizationId, { name });
  await h.client.uploadManifest(id, BACKUP_WORKFLOW_MANIFEST);
  return id;
}
