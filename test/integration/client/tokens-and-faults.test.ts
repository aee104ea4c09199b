// Client ↔ simulator: session token reuse (counted by the simulator) and convergence through injected faults.
import { MemoryTokenStore } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { startHarness, type Harness } from "./setup";

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
