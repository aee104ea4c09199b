// The simulator's HTTP(S) front (node:http, node:https): routing, auth before bodies, injected faults.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { DEFAULT_FLOOD, type FloodLimits } from "./auth";
import { demoSeed } from "./demo-seed";
import type { FaultOptions } from "./faults";
import { MAX_BODY_BYTES } from "../service/limits";
import { lingerOnClose } from "./lingering-close";
import { hasBody, readJsonBody, readYamlBody } from "./request-body";
import { validateSeed, type SeedData, type Timing } from "./seed";
import { ServiceError, type Caller } from "./service-error";
import { Simulator } from "./service";
import { applySeedEstate } from "./seed-estate";
import type { StatusVocabulary } from "./status-words";
import { loadState, newState, saveState } from "./state";

export interface StartSimulatorOptions {
  /** Seed data; the built-in demo data when absent. Ignored when statePath holds a saved state. */
  seed?: SeedData;
  host?: string;
  port?: number;
  /** File that keeps all state across restarts (written atomically after every change). */
  statePath?: string;
  /**
   * Overrides the seed's workflow durations for this run: never saved, so a restart without them has the
   * seed's (or the defaults) again.
   */
  timing?: Partial<Timing>;
  /** Session token lifetime; default 3600 s. */
  jwtLifetimeSeconds?: number;
  flood?: Partial<FloodLimits>;
  faults?: FaultOptions;
  /** Status reads after a new workflow that still show the status from before it (sim.statusLag, status-lag.ts). */
  statusLagReads?: number;
  /** The words statuses are answered in (sim.statusWords, status-words.ts): "older" answers `Active`, `Launching`, `Error`. */
  statusWords?: StatusVocabulary;
  /** Serve HTTPS with this certificate chain and private key (PEM); plain HTTP when absent. */
  tls?: { cert: string | Buffer; key: string | Buffer };
}

export interface RunningSimulator {
  url: string;
  sim: Simulator;
  close(): Promise<void>;
}

const TOKEN_PATH = "/refreshToken/jwtBearer";
/** What a client may still send after an early answer: the rest of a body of the largest size we accept. */
const LINGER = { maxBytes: MAX_BODY_BYTES + 64 * 1024, idleMs: 10_000 };
const DEFAULT_TIMING: Timing = { launchMs: 1500, reconfigureMs: 1000, destroyMs: 1000 };

export async function startSimulator(opts: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const saved = opts.statePath ? loadState(opts.statePath) : undefined;
  const state =
    saved ??
    (() => {
      const seed = validateSeed(opts.seed ?? demoSeed(), "(startSimulator seed)");
      return newState(seed, { ...DEFAULT_TIMING, ...seed.timing });
    })();
  // Each start's durations: the seed's (kept in the state) and this start's flags. The state file keeps the
  // service's data, not how the simulator was last started.
  state.timing = { ...DEFAULT_TIMING, ...state.seed.timing, ...opts.timing };
  if (opts.statePath) saveState(opts.statePath, state);
  const sim = new Simulator(state, {
    jwtLifetimeSeconds: opts.jwtLifetimeSeconds ?? 3600,
    flood: { ...DEFAULT_FLOOD, ...opts.flood },
    statePath: opts.statePath,
  });
  if (!saved) applySeedEstate(sim, state.seed, sim.now());
  if (opts.faults) sim.setFaults(opts.faults);
  if (opts.statusLagReads) sim.statusLag.set(opts.statusLagReads);
  if (opts.statusWords) sim.statusWords.use(opts.statusWords);

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(sim, req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { errors: [`internal simulator error: ${(e as Error).message}`] });
    });
  };
  const server = opts.tls ? tlsServer(opts.tls, listener) : createServer(listener);
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${opts.tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${port}`,
    sim,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function tlsServer(
  tls: NonNullable<StartSimulatorOptions["tls"]>,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
) {
  try {
    return createTlsServer(tls, listener);
  } catch (e) {
    throw new Error(
      `TLS certificate or key not usable (${(e as Error).message}); give a PEM certificate and its matching ` +
        "PEM private key",
    );
  }
}

type Handler = (ctx: {
  sim: Simulator;
  caller: Caller;
  params: string[];
  /** The JSON value, or the text of a YAML body; undefined for calls without one. */
  body: unknown;
  query: URLSearchParams;
  now: number;
}) => unknown;

interface Route {
  method: string;
  pattern: RegExp;
  /** The body the call takes (read only after authentication). */
  body: "json" | "yaml" | "none";
  handler: Handler;
}

/**
 * A route from "METHOD /path", each `:id` (or `:name`) one path parameter (the form fault keys use too). POST and
 * PUT take a JSON body unless `body` says otherwise (a manifest upload is YAML).
 */
function route(endpoint: string, handler: Handler, body?: Route["body"]): Route {
  const [method, path] = endpoint.split(" ");
  const pattern = new RegExp(`^${path.replace(/:id|:name/g, "([^/]+)")}$`);
  return {
    method,
    pattern,
    body: body ?? (method === "POST" || method === "PUT" ? "json" : "none"),
    handler,
  };
}

const ROUTES: Route[] = [
  route("GET /api/1/organizations", (c) => c.sim.listOrganizations(c.caller)),
  route("GET /api/1/organizations/:id/applications", (c) => c.sim.listApplications(c.caller, c.params[0])),
  route("POST /api/1/organizations/:id/applications", (c) =>
    c.sim.createApplication(c.caller, c.params[0], c.body),
  ),
  route(
    "PUT /api/1/applications/:id/manifest",
    (c) => c.sim.uploadManifest(c.caller, c.params[0], c.body as string),
    "yaml",
  ),
  route("GET /api/1/organizations/:id/environments", (c) => c.sim.listEnvironments(c.caller, c.params[0])),
  route(
    "GET /api/1/environments/:id",
    (c) => new TextAnswer(c.sim.environments.getPolicies(c.caller, c.params[0]), "application/x-yaml"),
  ),
  route(
    "PUT /api/1/environments/:id",
    (c) => c.sim.environments.putPolicies(c.caller, c.params[0], c.body as string),
    "yaml",
  ),
  route("GET /api/1/environments/:id/properties", (c) =>
    c.sim.environments.getProperties(c.caller, c.params[0]),
  ),
  route("PUT /api/1/environments/:id/properties", (c) =>
    c.sim.environments.putProperties(c.caller, c.params[0], c.body),
  ),
  route("GET /api/1/environments/:id/markers", (c) => c.sim.environments.getMarkers(c.caller, c.params[0])),
  route("PUT /api/1/environments/:id/markers", (c) =>
    c.sim.environments.putMarkers(c.caller, c.params[0], c.body),
  ),
  route("POST /api/1/environments/:id/clone", (c) =>
    c.sim.environments.clone(c.caller, c.params[0], c.body, c.now),
  ),
  route("GET /api/1/environments/:id/instances", (c) => c.sim.listInstances(c.caller, c.params[0], c.now)),
  route("GET /api/1/applications/:id/instances", (c) =>
    c.sim.listApplicationInstances(c.caller, c.params[0], c.now),
  ),
  route("GET /api/1/applications/:id/revisions", (c) => c.sim.listRevisions(c.caller, c.params[0])),
  route("GET /api/1/revisions/:id/instances", (c) =>
    c.sim.listRevisionInstances(c.caller, c.params[0], c.now),
  ),
  route("POST /api/1/applications/:id/launch", (c) => c.sim.launch(c.caller, c.params[0], c.body, c.now)),
  route("PUT /api/1/instances/:id/configuration", (c) =>
    c.sim.reconfigure(c.caller, c.params[0], c.body, c.now),
  ),
  route("GET /api/1/instances/:id", (c) => c.sim.getInstance(c.caller, c.params[0], c.now)),
  route("PUT /api/1/instances/:id/userData", (c) => c.sim.putUserData(c.caller, c.params[0], c.body)),
  route("POST /api/1/instances/:id/destroy", (c) => c.sim.destroy(c.caller, c.params[0], c.body, c.now)),
  route("POST /api/1/instances/:id/destroy/reschedule", (c) =>
    c.sim.rescheduleDestroy(c.caller, c.params[0], c.body, c.now),
  ),
  route("GET /api/1/instances/:id/schedules", (c) => c.sim.listSchedules(c.caller, c.params[0], c.now)),
  // After destroy: any other name is a workflow of the instance's manifest.
  route("POST /api/1/instances/:id/:name", (c) =>
    c.sim.runWorkflow(c.caller, c.params[0], c.params[1], c.body, c.now),
  ),
  route("DELETE /api/1/instances/:id", (c) =>
    c.sim.forceDelete(c.caller, c.params[0], forceFlag(c.query), c.now),
  ),
];

async function handle(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://simulator");
  const method = req.method ?? "GET";
  const path = url.pathname;

  const faultable = path.startsWith("/api/") || path === TOKEN_PATH;
  const fault = faultable
    ? sim.faults.next(`${method} ${path.replace(/[0-9a-f]{24}/g, ":id")}`)
    : ({ kind: "none" } as const);
  if (faultable && sim.faults.latencyMs > 0) await delay(sim.faults.latencyMs);
  if (fault.kind === "reset" && !fault.afterServing) {
    sim.stats.recordRequest(method, path, 0);
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
      payload = await serve(sim, req, method, url);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      status = e.status;
      payload = { errors: e.errors };
    }
  }
  sim.stats.recordRequest(method, path, fault.kind === "reset" ? 0 : status);
  if (fault.kind === "reset") {
    req.socket.destroy();
    return;
  }
  // A body refused before (or while) reading it is not worth receiving: close, lingering so that the answer
  // reaches the client before the connection goes (lingering-close.ts).
  if (hasBody(req) && !req.complete) {
    headers.connection = "close";
    lingerOnClose(req.socket, LINGER);
  }
  send(res, status, payload, headers);
}

async function serve(sim: Simulator, req: IncomingMessage, method: string, url: URL): Promise<unknown> {
  const path = url.pathname;
  if (path === TOKEN_PATH && method === "POST") {
    // The refresh token travels in the body: it is the one body read before authentication (1 MiB at most).
    const body = await readJsonBody(req);
    return sim.accounts.issueToken(body, Date.now());
  }
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match || route.method !== method) continue;
    // Credentials are in the headers: a caller without valid ones gets 401/403 before any body byte is read.
    const caller = sim.accounts.authenticate(req.headersDistinct.authorization ?? [], Date.now());
    const params = match.slice(1).map(decodePathSegment);
    const body =
      route.body === "json"
        ? await readJsonBody(req)
        : route.body === "yaml"
          ? await readYamlBody(req)
          : undefined;
    return route.handler({ sim, caller, params, body, query: url.searchParams, now: sim.now() });
  }
  if (/^\/api\/(?!1\/)/.test(path))
    throw new ServiceError(404, [`${path}: this service serves API version 1 only; use the /api/1 prefix`]);
  throw new ServiceError(404, [`no such endpoint: ${method} ${path}`]);
}

/**
 * Force as real clients spell it: `?force=` true, 1 or yes (any case), a bare `?force`, and the Ruby client's
 * bare `?1` (`?true` too); its `?0` is no force.
 */
function forceFlag(query: URLSearchParams): boolean {
  const value = query.get("force");
  if (value !== null) return /^(true|1|yes|)$/i.test(value);
  return [...query].some(([key, v]) => v === "" && /^(true|1)$/i.test(key));
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

function faultMessage(status: number): string {
  if (status === 429) return "too many requests; retry after 1 second";
  if (status >= 500) return `service unavailable (simulated ${status}); retry later`;
  return `request refused (simulated ${status})`;
}

/**
 * Request ids: one random part per simulator, then a count. Unique like a UUID per answer, without drawing
 * random bytes for each (a cost on every status read, on the cores the benches share: ARCHITECTURE.md §8).
 */
const REQUEST_ID_PREFIX = randomUUID();
let requestCount = 0;
const nextRequestId = (): string => `${REQUEST_ID_PREFIX}-${(++requestCount).toString(16)}`;

/** An answer that is not JSON (an environment's policies export: YAML). */
class TextAnswer {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

function send(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const raw = payload instanceof TextAnswer ? payload : undefined;
  const text = raw ? raw.text : JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": raw ? raw.contentType : "application/json",
    "content-length": Buffer.byteLength(text),
    "x-request-id": nextRequestId(),
    ...headers,
  });
  res.end(text);
}
