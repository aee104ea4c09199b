// The client against a hostile fake service on loopback: endless and huge bodies, huge errors[], absurd
// Retry-After values. Each must end in a typed error, quickly and with bounded memory, never in a wait of
// an hour or a 20 MB message.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import {
  AppMgmtClient,
  OutcomeUnknownError,
  RateLimitError,
  ResponseTooLargeError,
  ServerError,
  type ClientOptions,
} from "../../../src/client";
import { APP, EMAIL, INST, PASSWORD, instanceBody } from "./helpers";

const MiB = 1024 * 1024;

interface Hostile {
  url: string;
  /** Requests seen, by path. */
  hits: string[];
  /** Bytes the endless route managed to write before the client hung up. */
  endless: { written: number; closed: Promise<void> };
  close(): Promise<void>;
}

let svc: Hostile;
const clients: AppMgmtClient[] = [];

/** Routes by the `x-hostile` header the tests send through `behaviour`. */
let behaviour: (req: http.IncomingMessage, res: http.ServerResponse) => void;

beforeAll(async () => {
  const hits: string[] = [];
  let markClosed!: () => void;
  const endless = { written: 0, closed: new Promise<void>((r) => (markClosed = r)) };
  const srv = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    req.resume();
    behaviour(req, res);
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  svc = {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    hits,
    endless,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
  endlessDone = markClosed;
});
/** Resolves svc.endless.closed: the first endless answer's connection was closed by the client. */
let endlessDone: () => void;

afterEach(() => {
  svc.hits.length = 0;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await svc.close();
});

function client(opts: Partial<ClientOptions> = {}): AppMgmtClient {
  const c = new AppMgmtClient({
    baseUrl: svc.url,
    email: EMAIL,
    password: PASSWORD,
    retryPolicy: { baseDelayMs: 1, maxDelayMs: 5 },
    ...opts,
  });
  clients.push(c);
  return c;
}

/** Writes 64 KiB chunks for as long as the client reads, counting what went out. */
function endlessBody(res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, "a");
  res.write("[");
  const pump = () => {
    while (!res.destroyed) {
      svc.endless.written += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
  };
  res.on("close", () => endlessDone());
  pump();
}

describe("bounded response bodies", () => {
  it("stops reading a never-ending 200 at the limit with ResponseTooLargeError (default 32 MiB)", async () => {
    behaviour = (_req, res) => endlessBody(res);
    const err = await client()
      .getInstance(INST)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err).toMatchObject({ code: "E_RESPONSE_TOO_LARGE", limitBytes: 32 * MiB });
    expect((err as Error).message).toMatch(
      /longer than 33554432 bytes .*stopped reading it; check that base_url/,
    );
    await svc.endless.closed; // the client hung up instead of reading on
    // What the server wrote beyond the limit sat in socket buffers: a few MiB at most.
    expect(svc.endless.written).toBeLessThan(48 * MiB);
    expect(svc.hits).toHaveLength(1); // not retried: a retry would only get the same
  });

  it("refuses a 100 MB JSON answer by its Content-Length without reading it, at a configured limit", async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(100 * MiB) });
      res.write("[");
    };
    await expect(client({ maxResponseBytes: MiB }).listOrganizations()).rejects.toMatchObject({
      code: "E_RESPONSE_TOO_LARGE",
      limitBytes: MiB,
    });
  });

  it("refuses a chunked JSON answer over the configured limit", async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ id: String(i), name: "x".repeat(40) }))),
      );
    };
    await expect(client({ maxResponseBytes: MiB }).listOrganizations()).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it("a launch whose answer is too large is an OutcomeUnknownError (the instance may exist)", async () => {
    behaviour = (_req, res) => endlessBody(res);
    await expect(client({ maxResponseBytes: MiB }).launch(APP, {})).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
  });

  it("reads answers up to the limit", async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(instanceBody()));
    };
    await expect(client({ maxResponseBytes: 4096 }).getInstance(INST)).resolves.toMatchObject({ id: INST });
  });

  it("refuses a max_response_bytes that is not a positive whole number", () => {
    expect(() => client({ maxResponseBytes: 0 })).toThrow(/maxResponseBytes must be a whole number/);
  });

  it("a 500 with 20,000 errors of 1 KB each becomes a short message: 20 errors, each cut, and a count", async () => {
    behaviour = (_req, res) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ errors: Array.from({ length: 20_000 }, (_, i) => `${i}:${"e".repeat(1024)}`) }),
      );
    };
    const err = (await client({ maxRetries: 0 })
      .getInstance(INST)
      .catch((e: unknown) => e)) as ServerError;
    expect(err).toBeInstanceOf(ServerError);
    expect(err.errors).toHaveLength(21);
    expect(err.errors[20]).toBe("(19980 more error messages left out)");
    expect(err.errors[0]).toMatch(/^0:e+… \(\d+ more characters\)$/);
    expect(err.message.length).toBeLessThan(12_000);
  });
});

describe("Retry-After from a hostile service", () => {
  const refuse = (value: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(429, { "content-type": "application/json", "retry-after": value });
    res.end(JSON.stringify({ errors: ["slow down"] }));
  };

  it.each(["3600", "1e300"])(
    "Retry-After: %s, beyond the longest wait (60 s), ends the call at once with RateLimitError",
    async (value) => {
      behaviour = refuse(value);
      const err = (await client()
        .getInstance(INST)
        .catch((e: unknown) => e)) as RateLimitError;
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err.retryAfterMs).toBe(Number(value) * 1000);
      expect(err.message).toMatch(/asks to retry after .* s \(Retry-After\)/);
      expect(svc.hits).toHaveLength(1);
    },
  );

  it("a Retry-After longer than what is left before the call's deadline ends the call at once", async () => {
    behaviour = refuse("20");
    const err = await client()
      .getInstance(INST, { deadline: Date.now() + 5_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(svc.hits).toHaveLength(1);
  });

  it.each(["Infinity", "1e400", "-5", "soon"])(
    "Retry-After: %s is not usable: the policy's own backoff applies",
    async (value) => {
      behaviour = refuse(value);
      const err = (await client({ maxRetries: 2 })
        .getInstance(INST)
        .catch((e: unknown) => e)) as RateLimitError;
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err.retryAfterMs).toBeUndefined();
      expect(svc.hits).toHaveLength(3);
    },
  );
});
