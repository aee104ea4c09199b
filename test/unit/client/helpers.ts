// Shared fixtures of the client unit tests.
import { MockAgent } from "undici";
import { AppMgmtClient, type ClientOptions } from "../../../src/client";

export const BASE = "http://appmgmt.test";
export const EMAIL = "alice@example.com";
export const PASSWORD = "pa55-w0rd-SECRET";
export const REFRESH = "refresh-token-SECRET-42";
export const ORG = "5f0000000000000000000a01";
export const ENV = "5f0000000000000000000e01";
export const APP = "5f0000000000000000000a11";
export const REV = "5f0000000000000000000c01";
export const INST = "5f00000000000000000001aa";

/** An unsigned JWT-shaped token with the given payload (the client only reads `exp`). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}.c2lnbmF0dXJl`;
}

export interface Harness {
  agent: MockAgent;
  pool: ReturnType<MockAgent["get"]>;
  client: AppMgmtClient;
  delays: number[];
  clock: { t: number };
  logs: Array<{ message: string; fields?: Record<string, unknown> }>;
}

/**
 * A client on a MockAgent with a virtual clock; pauses (retries, token-call spacing) take 0 real ms, move the
 * virtual clock on and record their delays.
 */
export function harness(opts: Partial<ClientOptions> = {}): Harness {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const delays: number[] = [];
  const clock = { t: Date.UTC(2026, 0, 1) };
  const logs: Harness["logs"] = [];
  const client = new AppMgmtClient(
    { baseUrl: BASE, email: EMAIL, password: PASSWORD, log: (e) => logs.push(e), ...opts },
    {
      dispatcher: agent,
      now: () => clock.t,
      random: () => 0,
      sleep: async (ms, signal) => {
        if (signal?.aborted) throw signal.reason;
        delays.push(ms);
        clock.t += ms;
      },
    },
  );
  return { agent, pool: agent.get(BASE), client, delays, clock, logs };
}

export const JSON_HEADERS = { headers: { "content-type": "application/json" } };

export function instanceBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: INST,
    name: "shop-1",
    status: "Running",
    application: APP,
    environment: ENV,
    revision: null,
    version: 1,
    parameters: { "input.app-fork": "master" },
    submodules: { db: { manifestVersion: 1, revision: null, parameters: { "input.size": "small" } } },
    workflow: null,
    errorMessage: null,
    returnValues: {},
    ...over,
  };
}
