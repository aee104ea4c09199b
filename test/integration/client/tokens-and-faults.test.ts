// Client ↔ simulator: session token reuse (counted by the simulator) and convergence through injected faults.
import { MemoryTokenStore, waitForInstance } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { FAST_POLLS, startHarness, type Harness } from "./setup";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.svc.sim.setFaults({}));

function tokenCalls(): number {
  return h.svc.sim.stats.tokenCallsByUser[DEMO.email] ?? 0;
}

it("reuses one session token for many calls, including concurrent ones", async () => {
  const before = tokenCalls();
  const client = h.newClient({ email: undefined, password: undefined, refreshToken: DEMO.refreshToken });
  await Promise.all([
    client.listOrganizations(),
    client.listOrganizations(),
    client.listApplications(DEMO.organizationId),
  ]);
  for (let i = 0; i < 5; i++) await client.listEnvironments(DEMO.organizationId);
  expect(tokenCalls() - before).toBe(1);
});

it("shares a session token between clients through a token store", async () => {
  const before = tokenCalls();
  const store = new MemoryTokenStore();
  const opts = { email: undefined, password: undefined, refreshToken: DEMO.refreshToken, tokenStore: store };
  await h.newClient(opts).listOrganizations();
  await h.newClient(opts).listOrganizations();
  expect(tokenCalls() - before).toBe(1);
});

it("sends only the Bearer credential when configured with both Basic and a refresh token", async () => {
  const before = tokenCalls();
  const client = h.newClient({ refreshToken: DEMO.refreshToken });
  expect(await client.listOrganizations()).toHaveLength(1);
  expect(tokenCalls() - before).toBe(1);
});

it("converges through injected 502s and connection resets on idempotent calls", async () => {
  h.svc.sim.setFaults({ rate: 0.3, statuses: [502], resetRate: 0.2, seed: 11 });
  const client = h.newClient({ retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 }, maxRetries: 8 });
  for (let i = 0; i < 10; i++) expect(await client.listOrganizations()).toHaveLength(1);
  const faulted = h.svc.sim.stats.requests.filter((r) => r.status === 502 || r.status === 0);
  expect(faulted.length).toBeGreaterThan(0);
});

it("rides out injected 408s on status reads and waits, within the retry budget 503s use", async () => {
  const { id } = await h.client.launch(DEMO.webshopApplicationId, { destroyInterval: -1 });
  const mark = h.svc.sim.stats.requestCount;
  h.svc.sim.setFaults({ rate: 0.3, statuses: [408], seed: 5 });
  const client = h.newClient({ retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 } });
  const s = await waitForInstance(client, id, {
    until: (x) => x.status === "Running",
    timeoutMs: 10_000,
    schedule: FAST_POLLS,
  });
  expect(s.status).toBe("Running");
  for (let i = 0; i < 10; i++) expect((await client.getInstance(id)).id).toBe(id);
  const answered = h.svc.sim.stats.requestsSince(mark).filter((r) => r.path === `/api/1/instances/${id}`);
  expect(answered.filter((r) => r.status === 408).length).toBeGreaterThan(0);

  // a budget of no retries: the first 408 fails the read, as a 503 would
  h.svc.sim.setFaults({ rate: 1, statuses: [408], seed: 5 });
  await expect(h.newClient({ maxRetries: 0 }).getInstance(id)).rejects.toMatchObject({
    code: "E_REQUEST_TIMEOUT",
  });
});
