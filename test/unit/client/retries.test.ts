import * as http from "node:http";
import type { AddressInfo } from "node:net";
import {
  AbortedError,
  AppMgmtClient,
  ConflictError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../../../src/client";
import { APP, INST, harness, instanceBody } from "./helpers";

const STATUS_PATH = `/api/1/instances/${INST}`;
const LAUNCH_PATH = `/api/1/applications/${APP}/launch`;

function errorWithCode(code: string): Error {
  return Object.assign(new Error(`simulated ${code}`), { code });
}

describe("retry rules (MockAgent)", () => {
  it.each([429, 500, 502, 503, 504])(
    "retries an idempotent GET after %i, with exponential backoff",
    async (status) => {
      const h = harness();
      h.pool
        .intercept({ path: STATUS_PATH })
        .reply(status, { errors: ["try later"] })
        .times(2);
      h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
      await expect(h.client.getInstance(INST)).resolves.toMatchObject({ id: INST });
      expect(h.delays).toEqual([200, 400]); // random() = 0 → no jitter reduction
    },
  );

  it.each([400, 401, 403, 404, 409, 413, 501])("does not retry a GET after %i", async (status) => {
    const h = harness();
    h.pool.intercept({ path: STATUS_PATH }).reply(status, { errors: ["no"] });
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ status });
    expect(h.delays).toEqual([]);
  });

  it("honours Retry-After seconds", async () => {
    const h = harness();
    h.pool
      .intercept({ path: STATUS_PATH })
      .reply(429, { errors: ["slow down"] }, { headers: { "retry-after": "3" } });
    h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
    await h.client.getInstance(INST);
    expect(h.delays).toEqual([3000]);
  });

  it("honours Retry-After beyond the backoff cap, and in HTTP-date form", async () => {
    const h = harness();
    // The date is read after the first pause has moved the virtual clock on by 30 s.
    const in5s = new Date(h.clock.t + 35_000).toUTCString();
    h.pool.intercept({ path: STATUS_PATH }).reply(503, {}, { headers: { "retry-after": "30" } });
    h.pool.intercept({ path: STATUS_PATH }).reply(503, {}, { headers: { "retry-after": in5s } });
    h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
    await h.client.getInstance(INST);
    expect(h.delays).toEqual([30_000, 5000]);
  });

  it("gives up after maxRetries and reports the last answer", async () => {
    const h = harness({ maxRetries: 2 });
    h.pool
      .intercept({ path: STATUS_PATH })
      .reply(429, { errors: ["slow down"] }, { headers: { "retry-after": "1" } })
      .times(3);
    const err = await h.client.getInstance(INST).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(1000);
    expect(h.delays).toEqual([1000, 1000]);
  });

  it("jitters and caps delays as the policy says", async () => {
    const h = harness({ retryPolicy: { baseDelayMs: 1000, maxDelayMs: 3000, jitter: 1, maxRetries: 3 } });
    h.pool.intercept({ path: STATUS_PATH }).reply(503, {}).times(3);
    h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
    await h.client.getInstance(INST);
    expect(h.delays).toEqual([1000, 2000, 3000]); // random() = 0: full delay; capped at 3000
  });

  it.each(["PUT reconfigure", "POST destroy", "DELETE forceDelete"])("retries %s on 503", async (which) => {
    const h = harness();
    const [method, call] = which.split(" ");
    const path = {
      reconfigure: `/api/1/instances/${INST}/configuration`,
      destroy: `/api/1/instances/${INST}/destroy`,
      forceDelete: `/api/1/instances/${INST}?force=true`,
    }[call]!;
    h.pool.intercept({ path, method }).reply(503, {});
    h.pool.intercept({ path, method }).reply(200, { id: INST });
    if (call === "reconfigure") await h.client.reconfigure(INST, {});
    if (call === "destroy") await h.client.destroy(INST);
    if (call === "forceDelete") await h.client.forceDelete(INST);
    expect(h.delays).toHaveLength(1);
  });

  it.each([500, 502, 503, 504])("never resends a launch after %i: OutcomeUnknownError", async (status) => {
    const h = harness();
    h.pool.intercept({ path: LAUNCH_PATH, method: "POST" }).reply(status, { errors: ["gateway"] });
    const err = await h.client.launch(APP, { instanceName: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect((err as OutcomeUnknownError).cause).toBeInstanceOf(ServerError);
    expect(h.delays).toEqual([]);
    h.agent.assertNoPendingInterceptors();
  });

  it("resends a launch refused with 429 after its Retry-After: the service created nothing", async () => {
    const h = harness();
    h.pool
      .intercept({ path: LAUNCH_PATH, method: "POST" })
      .reply(429, { errors: ["slow"] }, { headers: { "retry-after": "2" } })
      .times(2);
    h.pool.intercept({ path: LAUNCH_PATH, method: "POST" }).reply(200, { id: INST });
    await expect(h.client.launch(APP, { instanceName: "x" })).resolves.toEqual({ id: INST });
    expect(h.delays).toEqual([2000, 2000]);
    h.agent.assertNoPendingInterceptors();
  });

  it("stops resending a refused launch after maxRetries, or when the pause would pass the deadline", async () => {
    const h = harness({ maxRetries: 2 });
    h.pool
      .intercept({ path: LAUNCH_PATH, method: "POST" })
      .reply(429, { errors: ["slow"] })
      .times(3);
    await expect(h.client.launch(APP, {})).rejects.toBeInstanceOf(RateLimitError);
    expect(h.delays).toHaveLength(2);

    const soon = harness();
    soon.pool
      .intercept({ path: LAUNCH_PATH, method: "POST" })
      .reply(429, { errors: ["slow"] }, { headers: { "retry-after": "60" } });
    const deadline = soon.clock.t + 10_000;
    await expect(soon.client.launch(APP, {}, { deadline })).rejects.toBeInstanceOf(RateLimitError);
    expect(soon.delays).toEqual([]);
  });

  it("ends the pause before resending a refused launch when pauseSignal fires", async () => {
    const h = harness();
    h.pool.intercept({ path: LAUNCH_PATH, method: "POST" }).reply(429, { errors: ["slow"] });
    const stop = new AbortController();
    stop.abort(new Error("stopped"));
    await expect(h.client.launch(APP, {}, { pauseSignal: stop.signal })).rejects.toBeInstanceOf(AbortedError);
  });

  it.each(["reconfigure", "destroy"])(
    "resends %s while the instance is busy (409) until the caller's deadline",
    async (call) => {
      const h = harness();
      const path = `/api/1/instances/${INST}/${call === "reconfigure" ? "configuration" : "destroy"}`;
      const method = call === "reconfigure" ? "PUT" : "POST";
      h.pool
        .intercept({ path, method })
        .reply(409, { errors: ["busy"] })
        .times(3);
      h.pool.intercept({ path, method }).reply(200, { id: INST });
      const deadline = h.clock.t + 60_000;
      if (call === "reconfigure") await h.client.reconfigure(INST, {}, { deadline });
      else await h.client.destroy(INST, { deadline });
      expect(h.delays).toEqual([1000, 2000, 4000]);
    },
  );

  it("reports 409 once the next pause would pass the deadline, and at once without a deadline", async () => {
    const path = `/api/1/instances/${INST}/configuration`;
    const h = harness();
    h.pool
      .intercept({ path, method: "PUT" })
      .reply(409, { errors: ["busy"] })
      .times(3);
    const deadline = h.clock.t + 2500;
    await expect(h.client.reconfigure(INST, {}, { deadline })).rejects.toBeInstanceOf(ConflictError);
    expect(h.delays).toEqual([1000]);

    const plain = harness();
    plain.pool.intercept({ path, method: "PUT" }).reply(409, { errors: ["busy"] });
    await expect(plain.client.reconfigure(INST, {})).rejects.toBeInstanceOf(ConflictError);
    expect(plain.delays).toEqual([]);
  });

  it.each(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"])(
    "retries a launch whose request provably never left (%s)",
    async (code) => {
      const h = harness();
      h.pool.intercept({ path: LAUNCH_PATH, method: "POST" }).replyWithError(errorWithCode(code));
      h.pool.intercept({ path: LAUNCH_PATH, method: "POST" }).reply(200, { id: INST });
      await expect(h.client.launch(APP, {})).resolves.toEqual({ id: INST });
      expect(h.delays).toHaveLength(1);
    },
  );

  it.each(["ECONNRESET", "UND_ERR_SOCKET", "UND_ERR_HEADERS_TIMEOUT"])(
    "a launch that may have arrived (%s) is not resent: OutcomeUnknownError",
    async (code) => {
      const h = harness();
      h.pool.intercept({ path: LAUNCH_PATH, method: "POST" }).replyWithError(errorWithCode(code));
      await expect(h.client.launch(APP, {})).rejects.toBeInstanceOf(OutcomeUnknownError);
      expect(h.delays).toEqual([]);
    },
  );

  it.each(["ECONNRESET", "UND_ERR_SOCKET", "UND_ERR_BODY_TIMEOUT", "ECONNREFUSED"])(
    "retries a GET after %s",
    async (code) => {
      const h = harness();
      h.pool.intercept({ path: STATUS_PATH }).replyWithError(errorWithCode(code));
      h.pool.intercept({ path: STATUS_PATH }).reply(200, instanceBody());
      await expect(h.client.getInstance(INST)).resolves.toMatchObject({ id: INST });
    },
  );

  it("reports a refused connection as NetworkError once retries are spent", async () => {
    const h = harness({ maxRetries: 1 });
    h.pool.intercept({ path: STATUS_PATH }).replyWithError(errorWithCode("ECONNREFUSED")).times(2);
    const err = await h.client.getInstance(INST).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).causeCode).toBe("ECONNREFUSED");
  });

  it("an aborted signal stops the retry pause with AbortedError", async () => {
    const h = harness();
    const ac = new AbortController();
    h.pool.intercept({ path: STATUS_PATH }).reply(() => {
      ac.abort();
      return { statusCode: 503, data: {} };
    });
    await expect(h.client.getInstance(INST, { signal: ac.signal })).rejects.toMatchObject({
      code: "E_ABORTED",
    });
  });
});

/** A loopback server whose handler decides per request number how to misbehave. */
async function server(handle: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void) {
  let n = 0;
  const srv = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => handle(++n, req, res));
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return {
    url,
    count: () => n,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

describe("resets, timeouts and refused connections (loopback server)", () => {
  const noPause = { sleep: async () => undefined };

  it("retries a GET whose connection is reset, then succeeds", async () => {
    const s = await server((n, req, res) => {
      if (n === 1) return req.socket.destroy();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(instanceBody()));
    });
    const client = new AppMgmtClient({ baseUrl: s.url }, noPause);
    try {
      await expect(client.getInstance(INST)).resolves.toMatchObject({ id: INST });
      expect(s.count()).toBe(2);
    } finally {
      await client.close();
      await s.close();
    }
  });

  it("does not resend a launch whose connection is reset after sending", async () => {
    const s = await server((_n, req) => req.socket.destroy());
    const client = new AppMgmtClient({ baseUrl: s.url }, noPause);
    try {
      await expect(client.launch(APP, { instanceName: "x" })).rejects.toBeInstanceOf(OutcomeUnknownError);
      expect(s.count()).toBe(1);
    } finally {
      await client.close();
      await s.close();
    }
  });

  it("times out a silent server: GET is retried then TimeoutError, launch is OutcomeUnknownError", async () => {
    const s = await server(() => undefined); // never answers
    // Long enough for each request to reach the server before it times out, even on a loaded machine.
    const client = new AppMgmtClient({ baseUrl: s.url, requestTimeoutMs: 300, maxRetries: 1 }, noPause);
    try {
      const err = await client.getInstance(INST).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TimeoutError);
      expect((err as Error).message).toMatch(/no answer within 300 ms; raise request_timeout/);
      expect(s.count()).toBe(2);
      await expect(client.launch(APP, {})).rejects.toBeInstanceOf(OutcomeUnknownError);
      expect(s.count()).toBe(3);
    } finally {
      await client.close();
      await s.close();
    }
  });

  it("retries a launch on a refused connection (nothing listens) and then reports NetworkError", async () => {
    const s = await server(() => undefined);
    const url = s.url;
    await s.close(); // the port is now closed: connections are refused
    const tries: number[] = [];
    const client = new AppMgmtClient(
      { baseUrl: url, maxRetries: 2 },
      { sleep: async (ms) => void tries.push(ms) },
    );
    try {
      const err = await client.launch(APP, {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).causeCode).toBe("ECONNREFUSED");
      expect(tries).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
