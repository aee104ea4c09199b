// Client ↔ simulator: session tokens surviving the real world. The service restarts with a new signing key
// (every held token turns invalid), and the client's clock is an hour off the service's. The client's clock
// is injected (the system clock is left alone); its pauses move that clock on instead of sleeping.
import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { AppMgmtClient, MemoryTokenStore, type ClientOptions } from "../../../src/client";
import { DEMO, demoSeed, startSimulator, type RunningSimulator } from "../../../src/simulator";

const clients: AppMgmtClient[] = [];
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** A refresh-token client whose clock runs `offsetMs` off the system clock. */
function skewedClient(url: string, offsetMs: number, opts: Partial<ClientOptions> = {}) {
  const clock = { offsetMs };
  const client = new AppMgmtClient(
    { baseUrl: url, refreshToken: DEMO.refreshToken, tokenStore: new MemoryTokenStore(), ...opts },
    {
      now: () => Date.now() + clock.offsetMs,
      sleep: async (ms) => {
        clock.offsetMs += ms;
      },
    },
  );
  clients.push(client);
  return { client, clock };
}

const statuses = (svc: RunningSimulator) => svc.sim.stats.requests.map((r) => r.status);

it("recovers after one 401 when the service restarts with a new signing key", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "appmgmt-restart-"));
  const statePath = path.join(dir, "state.json");
  try {
    const first = await startSimulator({ seed: demoSeed(), statePath });
    const port = Number(new URL(first.url).port);
    const { client } = skewedClient(first.url, 0);
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(first.sim.stats.tokenCalls).toBe(1);
    await first.close();

    // Same state, same address, a new signing key: the client's token (valid for another hour) is now invalid.
    const state = JSON.parse(await fs.readFile(statePath, "utf8")) as { jwtSecret: string };
    state.jwtSecret = Buffer.alloc(32, 7).toString("base64");
    await fs.writeFile(statePath, JSON.stringify(state));
    const second = await startSimulator({ statePath, port });
    try {
      expect(await client.listOrganizations()).toHaveLength(1);
      expect(await client.listEnvironments(DEMO.organizationId)).toHaveLength(2);
      expect(second.sim.stats.tokenCalls).toBe(1);
      expect(statuses(second)).toEqual([401, 200, 200, 200]); // the rejected call, token, resend, next call
    } finally {
      await second.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

describe("a client clock an hour off the service's", () => {
  let svc: RunningSimulator;
  beforeAll(async () => {
    svc = await startSimulator({ seed: demoSeed(), jwtLifetimeSeconds: 2 });
  });
  afterAll(() => svc.close());

  it("an hour ahead: one token call for 20 calls, and the user is never blocked", async () => {
    // Its own service with 5-minute tokens: with the 2 s ones, a loaded machine may take longer than a
    // token's life for the 20 calls and rightly renew it once.
    const own = await startSimulator({ seed: demoSeed(), jwtLifetimeSeconds: 300 });
    try {
      const { client } = skewedClient(own.url, 3_600_000);
      for (let i = 0; i < 20; i++) expect(await client.listOrganizations()).toHaveLength(1);
      expect(own.sim.stats.tokenCalls).toBe(1);
    } finally {
      await own.close();
    }
  });

  it("an hour behind: renews when the stated lifetime is over, though exp still looks an hour away", async () => {
    const tokenCalls = svc.sim.stats.tokenCalls;
    const { client, clock } = skewedClient(svc.url, -3_600_000);
    expect(await client.listOrganizations()).toHaveLength(1);
    await delay(2_100); // the 2 s token expires on the service's clock
    clock.offsetMs += 60_000; // and a minute passes for the client, so it may ask for another
    const before = svc.sim.stats.requests.length;
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(svc.sim.stats.tokenCalls - tokenCalls).toBe(2);
    expect(svc.sim.stats.requests.slice(before).map((r) => r.status)).toEqual([200, 200]); // no 401
  });
});

describe("a supplied session token (session_token) that expires", () => {
  let svc: RunningSimulator;
  let expired: string;
  let dir: string;
  beforeAll(async () => {
    // The expired token comes from a service with 1 s tokens; the tests run against the same service (its state,
    // so its signing key) restarted with 5-minute tokens. With 1 s tokens throughout, a loaded machine could
    // take longer than a new token's life between two calls and rightly renew it, failing the token count.
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "appmgmt-expired-"));
    const statePath = path.join(dir, "state.json");
    const minting = await startSimulator({ seed: demoSeed(), statePath, jwtLifetimeSeconds: 1 });
    expired = (await skewedClient(minting.url, 0).client.createSessionToken()).jwt;
    await minting.close();
    await delay(1_100); // past its 1 s lifetime on the service's clock
    svc = await startSimulator({ statePath, jwtLifetimeSeconds: 300 });
  });
  afterAll(async () => {
    await svc.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("with a refresh token as well: one 401, one token call, then the calls go through", async () => {
    const before = svc.sim.stats.tokenCalls;
    const { client } = skewedClient(svc.url, 0, { sessionToken: expired });
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(svc.sim.stats.tokenCalls - before).toBe(1);
  });

  it("with email/password as well: falls back to Basic, no token call", async () => {
    const before = svc.sim.stats.tokenCalls;
    const { client } = skewedClient(svc.url, 0, {
      refreshToken: undefined,
      sessionToken: expired,
      email: DEMO.email,
      password: DEMO.password,
    });
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(svc.sim.stats.tokenCalls - before).toBe(0);
  });

  it("alone: the call fails saying the session token was rejected and what to do", async () => {
    const { client } = skewedClient(svc.url, 0, { refreshToken: undefined, sessionToken: expired });
    await expect(client.listOrganizations()).rejects.toMatchObject({
      code: "E_AUTH",
      message: expect.stringMatching(
        /HTTP 401: session token expired.*was rejected.*`appmgmt session create`/,
      ),
    });
  });
});
