import { MockAgent } from "undici";
import {
  AppMgmtClient,
  AuthError,
  MemoryTokenStore,
  TokenFloodError,
  jwtLifetimeMs,
  tokenKey,
} from "../../../src/client";
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
  it("reads the lifetime a JWT states (exp - iat), independent of any clock", () => {
    expect(jwtLifetimeMs(fakeJwt({ iat: 1700000000, exp: 1700003600 }))).toBe(3_600_000);
    expect(jwtLifetimeMs("not-a-jwt")).toBeUndefined();
    expect(jwtLifetimeMs(fakeJwt({ exp: 1700000000 }))).toBeUndefined();
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

  it("reuses the token until expiresIn after its arrival, less a margin of a tenth (≤ 60 s), then gets one new one", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 600);
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t = T0 + 539_000; // 61 s before the end: still valid
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(1);
    h.clock.t = T0 + 541_000; // inside the 60 s margin: renewed
    await h.client.getInstance(INST);
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(2);
    expect(auth).toEqual([issued[0], issued[0], issued[1], issued[1]].map((j) => `Bearer ${j}`));
  });

  it("judges the lifetime from expiresIn, not from exp against the local clock", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    // exp says 60 s, expiresIn says an hour: the service's stated lifetime wins (exp is on the service's clock).
    const jwt = fakeJwt({ exp: T0 / 1000 + 60 });
    h.pool.intercept({ path: TOKEN_PATH, method: "POST" }).reply(200, { jwtBearer: jwt, expiresIn: 3600 });
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t = T0 + 600_000;
    await h.client.getInstance(INST);
    expect(auth).toEqual([`Bearer ${jwt}`, `Bearer ${jwt}`]);
  });

  it("without expiresIn, takes the lifetime from exp - iat (clock-independent)", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0 + 3_600_000; // an hour ahead of the service that signed the token
    const jwt = fakeJwt({ iat: T0 / 1000, exp: T0 / 1000 + 600 });
    h.pool.intercept({ path: TOKEN_PATH, method: "POST" }).reply(200, { jwtBearer: jwt });
    const auth = statusEndpoint(h);
    for (let i = 0; i < 5; i++) await h.client.getInstance(INST);
    expect(auth).toEqual(Array(5).fill(`Bearer ${jwt}`));
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

  it("a 401 on a token still valid locally (service restarted with a new key): drop it, one new token, one resend", async () => {
    const store = new MemoryTokenStore();
    const h = harness({ refreshToken: REFRESH, tokenStore: store });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 3600);
    h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(1);
    h.clock.t = T0 + 120_000;
    const auth: string[] = [];
    h.pool.intercept({ path: STATUS_PATH }).reply((opts) => {
      auth.push((opts.headers as Record<string, string>).authorization);
      return { statusCode: 401, data: { errors: ["session token invalid"] } };
    });
    h.pool.intercept({ path: STATUS_PATH }).reply((opts) => {
      auth.push((opts.headers as Record<string, string>).authorization);
      return { statusCode: 200, data: instanceBody() };
    });
    await expect(h.client.getInstance(INST)).resolves.toMatchObject({ id: INST });
    expect(issued).toHaveLength(2);
    expect(auth).toEqual([`Bearer ${issued[0]}`, `Bearer ${issued[1]}`]);
    expect(h.delays).toEqual([]); // the last token call was 2 minutes ago: no wait
    const stored = await store.get(tokenKey(BASE, REFRESH));
    expect(stored?.jwt).toBe(issued[1]);
  });

  it("a 401 within a minute of the last token call waits out the minute before the one new token call", async () => {
    const store = new MemoryTokenStore();
    const h = harness({ refreshToken: REFRESH, tokenStore: store });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 3600);
    h.pool.intercept({ path: STATUS_PATH }).reply(() => {
      h.clock.t += 10_000; // answered 10 s after the token arrived
      return { statusCode: 401, data: { errors: ["session token invalid"] } };
    });
    h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
    await expect(h.client.getInstance(INST)).resolves.toMatchObject({ id: INST });
    expect(issued).toHaveLength(2);
    expect(h.delays).toEqual([50_000]);
    expect(h.logs.map((l) => l.message)).toContainEqual(
      expect.stringMatching(/waiting 50 s before the next session token request/),
    );
  });

  it("a service rejecting every token gets at most one token call per minute, and each call one resend", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 3600);
    let apiCalls = 0;
    h.pool
      .intercept({ path: STATUS_PATH })
      .reply(() => {
        apiCalls++;
        return { statusCode: 401, data: { errors: ["session token invalid"] } };
      })
      .persist();
    const started = h.clock.t;
    for (let i = 0; i < 10; i++) {
      await expect(h.client.getInstance(INST)).rejects.toBeInstanceOf(AuthError);
    }
    expect(apiCalls).toBe(20);
    const minutes = (h.clock.t - started) / 60_000;
    expect(issued.length).toBeLessThanOrEqual(Math.floor(minutes) + 1);
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
        return {
          statusCode: 200,
          data: { jwtBearer: fakeJwt({ exp: Date.now() / 1000 + 600 }), expiresIn: 600 },
        };
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
    await expect(h.client.getInstance(INST)).rejects.toThrow(/neither expiresIn .* nor exp and iat/);
  });
});

describe("clock skew and token-call spacing", () => {
  it("a client clock an hour ahead of the service makes one token call for many calls", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0 + 3_600_000;
    const issued: string[] = [];
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(() => {
        // The service's clock is at T0: its exp is an hour behind the client's clock from the start.
        const jwt = fakeJwt({ exp: T0 / 1000 + 600, n: issued.length });
        issued.push(jwt);
        return { statusCode: 200, data: { jwtBearer: jwt, expiresIn: 600 } };
      })
      .persist();
    statusEndpoint(h);
    for (let i = 0; i < 20; i++) {
      await h.client.getInstance(INST);
      h.clock.t += 1_000;
    }
    expect(issued).toHaveLength(1);
  });

  it("a client clock an hour behind renews when expiresIn runs out, though exp still looks an hour away", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0 - 3_600_000;
    const issued: string[] = [];
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(() => {
        const jwt = fakeJwt({ exp: (h.clock.t + 3_600_000) / 1000 + 300, n: issued.length });
        issued.push(jwt);
        return { statusCode: 200, data: { jwtBearer: jwt, expiresIn: 300 } };
      })
      .persist();
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t += 300_000;
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(2);
    expect(auth).toEqual([`Bearer ${issued[0]}`, `Bearer ${issued[1]}`]);
  });

  it("expiresIn: 0 does not make one token call per API call: at most one per minute", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 0);
    statusEndpoint(h);
    for (let i = 0; i < 100; i++) {
      await h.client.getInstance(INST);
      h.clock.t += 3_000; // 100 calls over 5 minutes
    }
    expect(issued).toHaveLength(5);
  });

  it("a local clock set back before the last token call does not stall renewal", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.clock.t = T0;
    const { issued } = tokenEndpoint(h, 600);
    statusEndpoint(h);
    await h.client.getInstance(INST);
    h.clock.t = T0 - 86_400_000; // a day back
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(2);
    expect(h.delays).toEqual([]);
  });
});

describe("a session token supplied by the caller (session_token)", () => {
  const SUPPLIED = fakeJwt({ sub: "minted-by-session-create", exp: T0 / 1000 + 3600 });

  it("is sent with no token call, even with a clock far off", async () => {
    const h = harness({
      email: undefined,
      password: undefined,
      sessionToken: SUPPLIED,
      refreshToken: REFRESH,
    });
    h.clock.t = T0 + 86_400_000;
    const { issued } = tokenEndpoint(h);
    const auth = statusEndpoint(h);
    for (let i = 0; i < 3; i++) await h.client.getInstance(INST);
    expect(issued).toHaveLength(0);
    expect(auth).toEqual(Array(3).fill(`Bearer ${SUPPLIED}`));
  });

  it("once rejected, falls back to the refresh token: one token call, the call resent", async () => {
    const h = harness({
      email: undefined,
      password: undefined,
      sessionToken: SUPPLIED,
      refreshToken: REFRESH,
    });
    const { issued } = tokenEndpoint(h);
    h.pool.intercept({ path: STATUS_PATH }).reply(401, { errors: ["session token expired"] });
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    await h.client.getInstance(INST);
    expect(issued).toHaveLength(1);
    expect(auth).toEqual([`Bearer ${issued[0]}`, `Bearer ${issued[0]}`]);
    expect(h.logs.map((l) => l.message)).toContain(
      "the service rejected session_token (expired or invalid); using refresh_token or email/password instead",
    );
  });

  it("once rejected, falls back to email/password (Basic)", async () => {
    const h = harness({ sessionToken: SUPPLIED });
    h.pool.intercept({ path: STATUS_PATH }).reply(401, { errors: ["session token expired"] });
    const auth = statusEndpoint(h);
    await h.client.getInstance(INST);
    expect(auth).toEqual([`Basic ${Buffer.from("alice@example.com:pa55-w0rd-SECRET").toString("base64")}`]);
  });

  it("rejected with nothing to fall back to: an AuthError saying what to do, without the token", async () => {
    const h = harness({ email: undefined, password: undefined, sessionToken: SUPPLIED });
    h.pool
      .intercept({ path: STATUS_PATH })
      .reply(401, { errors: ["session token expired"] })
      .times(2);
    for (let i = 0; i < 2; i++) {
      const err = (await h.client.getInstance(INST).catch((e: unknown) => e)) as AuthError;
      expect(err).toBeInstanceOf(AuthError);
      expect(err.message).toMatch(
        /session token \(session_token \/ APPMGMT_SESSION_TOKEN\) was rejected.*`appmgmt session create`.*refresh_token or email\/password/,
      );
      expect(err.message).not.toContain(SUPPLIED);
    }
  });

  it("an empty session token is a configuration error", () => {
    expect(() => new AppMgmtClient({ baseUrl: BASE, sessionToken: "" })).toThrow(/session_token is empty/);
  });
});

describe("the token-flood block (403)", () => {
  it("on the token call: TokenFloodError naming the cause and the fix, with the wait from Retry-After", async () => {
    const h = harness({ refreshToken: REFRESH });
    h.pool
      .intercept({ path: TOKEN_PATH, method: "POST" })
      .reply(403, { errors: ["forbidden"] }, { headers: { "retry-after": "240" } });
    const err = (await h.client.getInstance(INST).catch((e: unknown) => e)) as TokenFloodError;
    expect(err).toBeInstanceOf(TokenFloodError);
    expect(err.code).toBe("E_TOKEN_FLOOD");
    expect(err.message).toMatch(/blocked the user after too many session token requests/);
    expect(err.message).toMatch(
      /Wait 4 minutes .*`appmgmt session create`.*session_token \(APPMGMT_SESSION_TOKEN\)/,
    );
  });

  it("on an API call whose 403 says the user is blocked: TokenFloodError, waiting up to 5 minutes", async () => {
    const h = harness();
    h.pool.intercept({ path: STATUS_PATH }).reply(403, {
      errors: ["user alice@example.com is blocked after too many session token requests (security alert)"],
    });
    const err = (await h.client.getInstance(INST).catch((e: unknown) => e)) as TokenFloodError;
    expect(err).toBeInstanceOf(TokenFloodError);
    expect(err.message).toMatch(/Wait up to 5 minutes for the block to end/);
  });

  it("another 403 stays a ForbiddenError", async () => {
    const h = harness();
    h.pool
      .intercept({ path: STATUS_PATH })
      .reply(403, { errors: ["instance belongs to another organization"] });
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ code: "E_FORBIDDEN" });
  });
});
