import { MockAgent } from "undici";
import { AppMgmtClient, AuthError, MemoryTokenStore, jwtExpiry } from "../../../src/client";
import { BASE, INST, JSON_HEADERS, REFRESH, fakeJwt, harness, instanceBody } from "./helpers";

const TOKEN_PATH = "/refreshToken/jwtBearer";
const STATUS_PATH = `/api/1/instances/${INST}`;
const T0 = Date.UTC(2026, 0, 1);

/** Mocks the token endpoint; every call returns a new JWT expiring `lifetimeS` after the virtual now. */
function tokenEndpoint(h: ReturnType<typeof harness>, lifetimeS = 600) {
  const issued: string[] = [];
  const bodies: unknown[] = [];
  h.pool
    .intercept({ path: TOKEN_PATH, method: "POST" })
    .reply((opts) => {
      bodies.push({
        body: JSON.parse(String(opts.body)),
        auth: (opts.headers as Record<string, string>).authorization,
      });
      const jwt = fakeJwt({ exp: Math.floor(h.clock.t / 1000) + lifetimeS, n: issued.length });
      issued.push(jwt);
      return { statusCode: 200, data: { jwtBearer: jwt, expiresIn: lifetimeS } };
    })
    .persist();
  return { issued, bodies };
}

/** Status endpoint answering 200 and recording the Authorization header of each call. */
function statusEndpoint(h: ReturnType<typeof harness>) {
  const auth: string[] = [];
  h.pool
    .intercept({ path: STATUS_PATH })
    .reply((opts) => {
      auth.push((opts.headers as Record<string, string>).authorization);
      return { statusCode: 200, data: instanceBody() };
    })
    .persist();
  return auth;
}

describe("session tokens", () => {
  it("reads exp from the JWT payload", () => {
    expect(jwtExpiry(fakeJwt({ exp: 1700000000 }))).toBe(1700000000000);
    expect(jwtExpiry("not-a-jwt")).toBeUndefined();
    expect(jwtExpiry(fakeJwt({ sub: "x" }))).toBeUndefined();
  });

  it("sends Basic when only email/password are configured", async () => {
    const h = harness();
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    expect(auth).toEqual([`Basic ${Buffer.from("alice@example.com:pa55-w0rd-SECRET").toString("base64")}`]);
  });

  it("sends only the Bearer credential when both schemes are configured; the token call carries no auth", async () => {
    const h = harness({ refreshToken: REFRESH });
    const { issued, bodies } = tokenEndpoint(h);
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    expect(auth).toEqual([`Bearer ${issued[0]}`]);
    expect(bodies).toEqual([{ body: { refreshToken: REFRESH }, auth: undefined }]);
  });

  it("reuses the token until exp (minus a margin of a few seconds), then gets exactly one new one", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 600);
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t = T0 + 594_000; // 6 s before exp: still valid
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(1);
    h.clock.t = T0 + 596_000; // inside the 5 s margin: counts as expired
    await h.client.getInstance(INST);
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(2);
    expect(auth).toEqual([issued[0], issued[0], issued[1], issued[1]].map((j) => `Bearer ${j}`));
  });

  it("takes the expiry from exp even when expiresIn disagrees", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const jwt = fakeJwt({ exp: T0 / 1000 + 60 });
    h.pool.intercept({ path: TOKEN_PATH, method: "POST" }).reply(200, { jwtBearer: jwt, expiresIn: 3600 });
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(200, { jwtBearer: fakeJwt({ exp: T0 / 1000 + 7200 }) });
    statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t = T0 + 61_000;
    await h.client.getInstance(INST);
    h.agent.assertNoPendingInterceptors(); // both token answers were used
  });

  it("keeps the margin small for short-lived tokens (a tenth of the lifetime)", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 3);
    statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t = T0 + 2_600;
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(1);
  });

  it("single flight: 20 concurrent calls make one token call", async () => {
    const h = harness({ refreshToken: REFRESH });
    const { issued } = tokenEndpoint(h);
    const auth = statusEndpoint(h);
    await Promise.all(Array.from({ length: 20 }, () => h.client.getInstance(INST)));
    expect(issued).toHaveLength(1);
    expect(new Set(auth)).toEqual(new Set([`Bearer ${issued[0]}`]));
  });

  it("a 401 on a token that has just expired → exactly one refresh and one retry", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 600);
    const auth: string[] = [];
    h.pool.intercept({ path: STATUS_PATH }).reply((opts) => {
      auth.push((opts.headers as Record<string, string>).authorization);
      h.clock.t = T0 + 600_000; // the token expired while the request travelled
      return { statusCode: 401, data: { errors: ["session token expired"] } };
    });
    h.pool.intercept({ path: STATUS_PATH }).reply((opts) => {
      auth.push((opts.headers as Record<string, string>).authorization);
      return { statusCode: 200, data: instanceBody() };
    });
    await expect(h.client.getInstance(INST)).resolves.toMatchObject({ id: INST });
    expect(issued).toHaveLength(2);
    expect(auth).toEqual([`Bearer ${issued[0]}`, `Bearer ${issued[1]}`]);
  });

  it("a second 401 after the refresh is reported, not retried again", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 600);
    h.pool
      .intercept({ path: STATUS_PATH })
      .reply(() => {
        h.clock.t += 600_000;
        return { statusCode: 401, data: { errors: ["expired"] } };
      })
      .times(2);
    await expect(h.client.getInstance(INST)).rejects.toBeInstanceOf(AuthError);
    expect(issued).toHaveLength(2);
  });

  it("a 401 while the token is still valid does not ask for a new token", async () => {
    const h = harness({ refreshToken: REFRESH });
    const { issued } = tokenEndpoint(h, 600);
    h.pool.intercept({ path: STATUS_PATH }).reply(401, { errors: ["revoked"] });
    await expect(h.client.getInstance(INST)).rejects.toBeInstanceOf(AuthError);
    expect(issued).toHaveLength(1);
  });

  it("is retried after an answered 5xx/429, at most twice, so one refusal fails none of its waiters", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.pool.intercept({ path: TOKEN_PATH, method: "POST" }).reply(503, { errors: ["down"] });
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(429, { errors: ["slow"] }, { headers: { "retry-after": "2" } });
    const { issued } = tokenEndpoint(h);
    statusEndpoint(h);
    const all = await Promise.all([1, 2, 3].map(() => h.client.getInstance(INST)));
    expect(all.map((s) => s.id)).toEqual([INST, INST, INST]);
    expect(issued).toHaveLength(1);
    expect(h.delays).toEqual([200, 2000]);
  });

  it("gives up after two retries: three token calls, then the error", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(502, { errors: ["down"] })
      .times(3);
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ code: "E_SERVER", path: TOKEN_PATH });
    h.agent.assertNoPendingInterceptors();
    expect(h.delays).toHaveLength(2);
  });

  it("is not retried after a reset: the service may have issued (and counted) a token", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .replyWithError(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }));
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ code: "E_NETWORK" });
    expect(h.delays).toEqual([]);
  });

  it("max_retries = 0 turns token retries off too", async () => {
    const h = harness({ refreshToken: REFRESH, maxRetries: 0 });
    h.pool.intercept({ path: TOKEN_PATH, method: "POST" }).reply(503, { errors: ["down"] });
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ code: "E_SERVER", path: TOKEN_PATH });
    expect(h.delays).toEqual([]);
  });

  it("two clients sharing a store make one token call", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    let calls = 0;
    agent
      .get(BASE)
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(() => {
        calls++;
        return { statusCode: 200, data: { jwtBearer: fakeJwt({ exp: Date.now() / 1000 + 600 }) } };
      })
      .persist();
    agent.get(BASE).intercept({ path: STATUS_PATH }).reply(200, instanceBody(), JSON_HEADERS).persist();
    const store = new MemoryTokenStore();
    const a = new AppMgmtClient(
      { baseUrl: BASE, refreshToken: REFRESH, tokenStore: store },
      { dispatcher: agent },
    );
    const b = new AppMgmtClient(
      { baseUrl: BASE, refreshToken: REFRESH, tokenStore: store },
      { dispatcher: agent },
    );
    await Promise.all([a.getInstance(INST), b.getInstance(INST), a.getInstance(INST), b.getInstance(INST)]);
    expect(calls).toBe(1);
  });

  it("rejects a token answer without a usable expiry", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.pool.intercept({ path: TOKEN_PATH, method: "POST" }).reply(200, { jwtBearer: "opaque" });
    await expect(h.client.getInstance(INST)).rejects.toThrow(/no exp and the answer no expiresIn/);
  });
});
