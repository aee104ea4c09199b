// Authentication over real HTTP: Basic, session JWTs, precedence when a request carries both, expiry, and
// the token-flood block (with small configured numbers).
import { DEMO, type RunningSimulator } from "../../../src/simulator";
import { BASIC, IN_FLIGHT_MS, call, startFast } from "./http";

async function token(url: string): Promise<{ status: number; jwt?: string; body: unknown }> {
  const res = await call(url, "POST", "/refreshToken/jwtBearer", {
    auth: null,
    body: { refreshToken: DEMO.refreshToken },
  });
  return { status: res.status, jwt: (res.body as { jwtBearer?: string }).jwtBearer, body: res.body };
}

const WRONG_BASIC = `Basic ${Buffer.from(`${DEMO.email}:wrong`).toString("base64")}`;

describe("session JWTs and Basic", () => {
  let svc: RunningSimulator;
  beforeAll(async () => {
    svc = await startFast();
  });
  afterAll(() => svc.close());

  it("accepts Authorization: Bearer <JWT>", async () => {
    const { jwt } = await token(svc.url);
    expect((await call(svc.url, "GET", "/api/1/organizations", { auth: `Bearer ${jwt}` })).status).toBe(200);
  });

  it("uses the JWT when one folded header carries both schemes (Basic …, Bearer …)", async () => {
    const { jwt } = await token(svc.url);
    const good = await call(svc.url, "GET", "/api/1/organizations", {
      auth: `${WRONG_BASIC}, Bearer ${jwt}`,
    });
    expect(good.status).toBe(200);
    const badJwt = await call(svc.url, "GET", "/api/1/organizations", { auth: `${BASIC}, Bearer x.y.z` });
    expect(badJwt.status).toBe(401);
    expect(badJwt.body).toEqual({ errors: [expect.stringMatching(/session token invalid/)] });
  });

  it("uses the JWT when repeated Authorization headers carry both schemes", async () => {
    const { jwt } = await token(svc.url);
    const res = await call(svc.url, "GET", "/api/1/organizations", { auth: [WRONG_BASIC, `Bearer ${jwt}`] });
    expect(res.status).toBe(200);
  });

  it("answers 401 for a tampered JWT", async () => {
    const { jwt } = await token(svc.url);
    const [h, p, s] = jwt!.split(".");
    const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "someone@example.com" })).toString(
      "base64url",
    );
    const res = await call(svc.url, "GET", "/api/1/organizations", { auth: `Bearer ${h}.${forged}.${s}` });
    expect(res.status).toBe(401);
  });

  it("counts token calls per user in sim.stats", async () => {
    const before = svc.sim.stats.tokenCallsByUser[DEMO.email] ?? 0;
    const total = svc.sim.stats.tokenCalls;
    await token(svc.url);
    expect(svc.sim.stats.tokenCallsByUser[DEMO.email]).toBe(before + 1);
    expect(svc.sim.stats.tokenCalls).toBe(total + 1);
  });
});

describe("token lifetime", () => {
  it("answers 401 (expired) for a JWT past its exp", async () => {
    const svc = await startFast({ jwtLifetimeSeconds: 0 });
    try {
      const { jwt, body } = await token(svc.url);
      expect(body).toMatchObject({ expiresIn: 0 });
      const res = await call(svc.url, "GET", "/api/1/organizations", { auth: `Bearer ${jwt}` });
      expect(res).toEqual(
        expect.objectContaining({ status: 401, body: { errors: [expect.stringMatching(/expired/)] } }),
      );
    } finally {
      await svc.close();
    }
  });
});

describe("token flood block", () => {
  it("blocks a user after more than maxTokens token requests within the window: every call 403 until blockMs passes", async () => {
    // The block must outlast the two calls that check it, even on a loaded machine.
    const blockMs = IN_FLIGHT_MS;
    const svc = await startFast({ flood: { maxTokens: 2, windowMs: 60_000, blockMs } });
    try {
      expect((await token(svc.url)).status).toBe(200);
      const second = await token(svc.url);
      expect(second.status).toBe(200);
      const third = await token(svc.url);
      expect(third.status).toBe(403);
      expect(third.body).toEqual({
        errors: [expect.stringMatching(/blocked after too many session token requests/)],
      });
      const blockedAt = Date.now();
      expect((await call(svc.url, "GET", "/api/1/organizations")).status).toBe(403);
      expect(
        (await call(svc.url, "GET", "/api/1/organizations", { auth: `Bearer ${second.jwt}` })).status,
      ).toBe(403);
      // The block ends after blockMs: poll until the user is let in again.
      let status = 403;
      while (status === 403) {
        await new Promise((r) => setTimeout(r, 10));
        status = (await call(svc.url, "GET", "/api/1/organizations")).status;
      }
      expect(status).toBe(200);
      expect(Date.now() - blockedAt).toBeGreaterThanOrEqual(blockMs - 50);
    } finally {
      await svc.close();
    }
  });
});
