// The simulator's HTTP front (node:http): routing, body limits, JSON, auth order, injected faults.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { DEFAULT_FLOOD, type FloodLimits } from "./auth";
import { jsonErrorPosition } from "./json-error";
import { demoSeed } from "./demo-seed";
import type { FaultOptions } from "./faults";
import { validateSeed, type SeedData, type Timing } from "./seed";
import { ServiceError, Simulator, type Caller } from "./service";
import { loadState, newState, saveState } from "./state";

export interface StartSimulatorOptions {
  /** Seed data; the built-in demo data when absent. Ignored when statePath holds a saved state. */
  seed?: SeedData;
  host?: string;
  port?: number;
  /** File that keeps all state across restarts (written atomically after every change). */
  statePath?: string;
  /** Overrides the seed's (or saved state's) workflow durations. */
  timing?: Partial<Timing>;
  /** Session token lifetime; default 3600 s. */
  jwtLifetimeSeconds?: number;
  flood?: Partial<FloodLimits>;
  faults?: FaultOptions;
}

export interface RunningSimulator {
  url: string;
  sim: Simulator;
  close(): Promise<void>;
}

export const MAX_BODY_BYTES = 1024 * 1024;
const TOKEN_PATH = "/refreshToken/jwtBearer";
const DEFAULT_TIMING: Timing = { launchMs: 1500, reconfigureMs: 1000, destroyMs: 1000 };

export async function startSimulator(opts: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const saved = opts.statePath ? loadState(opts.statePath) : undefined;
  const state =
    saved ??
    (() => {
      const seed = validateSeed(opts.seed ?? demoSeed(), "(startSimulator seed)");
      return newState(seed, { ...DEFAULT_TIMING, ...seed.timing });
    })();
  state.timing = { ...state.timing, ...opts.timing };
  if (opts.statePath) saveState(opts.statePath, state);
  const sim = new Simulator(state, {
    jwtLifetimeSeconds: opts.jwtLifetimeSeconds ?? 3600,
    flood: { ...DEFAULT_FLOOD, ...opts.flood },
    statePath: opts.statePath,
  });
  if (opts.faults) sim.setFaults(opts.faults);

  const server = createServer((req, res) => {
    handle(sim, req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { errors: [`internal simulator error: ${(e as Error).message}`] });
    });
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    sim,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

type Handler = (ctx: {
  sim: Simulator;
  caller: Caller;
  params: string[];
  body: unknown;
  query: URLSearchParams;
  now: number;
}) => unknown;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const ID = "([^/]+)";
const ROUTES: Route[] = [
  { method: "GET", pattern: /^\/api\/1\/organizations$/, handler: (c) => c.sim.listOrganizations(c.caller) },
  {
    method: "GET",
    pattern: new RegExp(`^/api/1/organizations/${ID}/applications$`),
    handler: (c) => c.sim.listApplications(c.caller, c.params[0]),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/1/organizations/${ID}/environments$`),
    handler: (c) => c.sim.listEnvironments(c.caller, c.params[0]),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/1/environments/${ID}/instances$`),
    handler: (c) => c.sim.listInstances(c.caller, c.params[0], c.now),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/api/1/applications/${ID}/launch$`),
    handler: (c) => c.sim.launch(c.caller, c.params[0], c.body, c.now),
  },
  {
    method: "PUT",
    pattern: new RegExp(`^/api/1/instances/${ID}/configuration$`),
    handler: (c) => c.sim.reconfigure(c.caller, c.params[0], c.body, c.now),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/1/instances/${ID}$`),
    handler: (c) => c.sim.getInstance(c.caller, c.params[0], c.now),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/api/1/instances/${ID}/destroy$`),
    handler: (c) => c.sim.destroy(c.caller, c.params[0], c.body, c.now),
  },
  {
    method: "DELETE",
    pattern: new RegExp(`^/api/1/instances/${ID}$`),
    handler: (c) => c.sim.forceDelete(c.caller, c.params[0], c.query.get("force") === "true", c.now),
  },
];

async function handle(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://simulator");
  const method = req.method ?? "GET";
  const path = url.pathname;
  const body = await readBody(req);
  const log = (status: number) => sim.stats.requests.push({ method, path, status });

  const faultable = path.startsWith("/api/") || path === TOKEN_PATH;
  const fault = faultable ? sim.faults.next() : ({ kind: "none" } as const);
  if (faultable && sim.faults.latencyMs > 0) await delay(sim.faults.latencyMs);
  if (fault.kind === "reset" && !fault.afterServing) {
    log(0);
    req.socket.destroy();
    return;
  }
  let status: number;
  let payload: unknown;
  const headers: Record<string, string> = {};
  if (fault.kind === "status") {
    status = fault.status;
    payload = { errors: [faultMessage(fault.status)] };
    if (status === 429 || status === 503) headers["retry-after"] = "1";
  } else {
    try {
      status = 200;
      payload = serve(sim, req, method, url, body);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      status = e.status;
      payload = { errors: e.errors };
    }
  }
  if (fault.kind === "reset") {
    log(0);
    req.socket.destroy();
    return;
  }
  log(status);
  send(res, status, payload, headers);
}

function serve(
  sim: Simulator,
  req: IncomingMessage,
  method: string,
  url: URL,
  body: Buffer | "too large",
): unknown {
  const path = url.pathname;
  const now = Date.now();
  if (path === TOKEN_PATH && method === "POST") {
    if (body === "too large") throw tooLarge();
    return sim.issueToken(parseJson(body), now);
  }
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match || route.method !== method) continue;
    if (body === "too large") throw tooLarge();
    const caller = sim.authenticate(req.headersDistinct.authorization ?? [], now);
    const params = match.slice(1).map(decodePathSegment);
    return route.handler({ sim, caller, params, body: parseJson(body), query: url.searchParams, now });
  }
  if (/^\/api\/(?!1\/)/.test(path))
    throw new ServiceError(404, [`${path}: this service serves API version 1 only; use the /api/1 prefix`]);
  throw new ServiceError(404, [`no such endpoint: ${method} ${path}`]);
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ServiceError(400, [
      `path segment "${segment}" is not valid percent-encoding; ids are 24 lowercase hex characters`,
    ]);
  }
}

function tooLarge(): ServiceError {
  return new ServiceError(413, [`request body is over ${MAX_BODY_BYTES} bytes; send a smaller body`]);
}

/** The body's JSON; an empty body counts as `{}` (so `null` or `[]` is still refused as not an object). */
function parseJson(body: Buffer): unknown {
  if (body.length === 0) return {};
  try {
    return JSON.parse(body.toString("utf8"));
  } catch (e) {
    throw new ServiceError(400, [
      `request body is not valid JSON${jsonErrorPosition(e)}; send a JSON object`,
    ]);
  }
}

function faultMessage(status: number): string {
  if (status === 429) return "too many requests; retry after 1 second";
  if (status >= 500) return `service unavailable (simulated ${status}); retry later`;
  return `request refused (simulated ${status})`;
}

/** The whole body, or "too large" once it passes the limit (the rest is drained so the answer can be read). */
function readBody(req: IncomingMessage): Promise<Buffer | "too large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? "too large" : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "x-request-id": randomUUID(),
    ...headers,
  });
  res.end(text);
}
