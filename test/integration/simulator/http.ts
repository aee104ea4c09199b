// Raw HTTP against a simulator (undici, no client library), for the wire-level contract tests.
import { request } from "undici";
import {
  DEMO,
  startSimulator,
  type RunningSimulator,
  type StartSimulatorOptions,
  type Timing,
} from "../../../src/simulator";

/** Short workflows, for tests that only wait for them to end. */
export const FAST_TIMING = { launchMs: 150, reconfigureMs: 250, destroyMs: 250 };

/**
 * Duration of a workflow that a test must catch in flight (a status read or a 409 right after starting it):
 * long enough for the next request to arrive in time on a loaded 2-core CI machine.
 */
export const IN_FLIGHT_MS = 1000;

/** Runs `start` (which starts a workflow) with `timing`, restoring the simulator's timing afterwards. */
export async function withTiming<T>(
  svc: RunningSimulator,
  timing: Partial<Timing>,
  start: () => Promise<T>,
): Promise<T> {
  const before = svc.sim.timing;
  svc.sim.setTiming(timing);
  try {
    return await start();
  } finally {
    svc.sim.setTiming(before);
  }
}

export const BASIC = `Basic ${Buffer.from(`${DEMO.email}:${DEMO.password}`).toString("base64")}`;

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** One HTTP call; `auth` is the Authorization header (string, or several values sent as repeated headers). */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { auth?: string | string[] | null; body?: unknown; rawBody?: string | Buffer } = {},
): Promise<RawResponse> {
  const auth = opts.auth === undefined ? BASIC : opts.auth;
  const headers: string[] = ["content-type", "application/json"];
  for (const value of auth === null ? [] : Array.isArray(auth) ? auth : [auth])
    headers.push("authorization", value);
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const res = await request(`${base}${path}`, { method: method as "GET", headers, body });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    headers: res.headers,
    body: text === "" ? undefined : (JSON.parse(text) as unknown),
  };
}

/** Starts a demo-seeded simulator with fast workflows unless told otherwise. */
export function startFast(opts: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ ...opts, timing: { ...FAST_TIMING, ...opts.timing } });
}

export { OTHER, twoOrgSeed } from "../../helpers/two-orgs";

/** Polls the instance status until `done` holds, recording each distinct status seen along the way. */
export async function pollInstance(
  base: string,
  id: string,
  done: (s: Record<string, unknown>) => boolean,
  opts: { auth?: string; timeoutMs?: number } = {},
): Promise<{ last: Record<string, unknown>; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const res = await call(base, "GET", `/api/1/instances/${id}`, { auth: opts.auth });
    const s = res.body as Record<string, unknown>;
    if (seen[seen.length - 1] !== s.status) seen.push(s.status as string);
    if (done(s)) return { last: s, seen };
    if (Date.now() > deadline)
      throw new Error(`instance ${id} still ${String(s.status)} when the poll timed out`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each submodule instance's status, read through its own id, by its name in the parent's `components`. */
export async function componentStatuses(
  base: string,
  parent: Record<string, unknown>,
  opts: { auth?: string } = {},
): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const c of parent.components as { id: string; name: string }[]) {
    const res = await call(base, "GET", `/api/1/instances/${c.id}`, { auth: opts.auth });
    if (res.status !== 200) throw new Error(`component ${c.name}: ${res.status} ${JSON.stringify(res.body)}`);
    out[c.name] = res.body as Record<string, unknown>;
  }
  return out;
}

export async function launchDemo(base: string, body: unknown = {}): Promise<string> {
  const res = await call(base, "POST", `/api/1/applications/${DEMO.webshopApplicationId}/launch`, { body });
  if (res.status !== 200) throw new Error(`launch failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: string }).id;
}
