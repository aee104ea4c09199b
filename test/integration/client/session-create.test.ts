// `appmgmt session create` as a pipeline runs it (the built bin/appmgmt.js in a child process, credentials
// from APPMGMT_* variables) against the simulator, and the token it prints used by a client with no token
// call of its own.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { AppMgmtClient } from "../../../src/client";
import { DEMO, demoSeed, startSimulator, type RunningSimulator } from "../../../src/simulator";

const BIN = path.resolve(__dirname, "../../../bin/appmgmt.js");
const run = promisify(execFile);

let svc: RunningSimulator;
beforeAll(async () => {
  svc = await startSimulator({ seed: demoSeed() });
});
afterAll(() => svc.close());

/** Runs `appmgmt ARGS` with only the given APPMGMT_* variables; never rejects, returns code and output. */
async function appmgmt(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("APPMGMT_")));
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...clean, ...env } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const f = e as { code: number; stdout: string; stderr: string };
    return { code: f.code, stdout: f.stdout, stderr: f.stderr };
  }
}

const creds = () => ({ APPMGMT_BASE_URL: svc.url, APPMGMT_REFRESH_TOKEN: DEMO.refreshToken });

it("prints the token alone on stdout and its expiry on stderr; the token serves calls with no token call", async () => {
  const before = svc.sim.stats.tokenCalls;
  const started = Date.now();
  const r = await appmgmt(["session", "create"], creds());
  expect(r).toMatchObject({ code: 0 });
  const token = r.stdout.trim();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const m = /^session token expires at (\S+) \(in 3600 s\)$/.exec(r.stderr.trim());
  expect(m).not.toBeNull();
  expect(Date.parse(m![1])).toBeGreaterThanOrEqual(started + 3_600_000 - 1000);
  expect(svc.sim.stats.tokenCalls - before).toBe(1);

  const client = new AppMgmtClient({ baseUrl: svc.url, sessionToken: token });
  try {
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(await client.listEnvironments(DEMO.organizationId)).toHaveLength(2);
  } finally {
    await client.close();
  }
  expect(svc.sim.stats.tokenCalls - before).toBe(1);
});

it("--json prints one object with the token, its expiry and lifetime", async () => {
  const r = await appmgmt(["session", "create", "--json"], creds());
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  const out = JSON.parse(r.stdout) as { sessionToken: string; expiresAt: string; expiresIn: number };
  expect(Object.keys(out)).toEqual(["sessionToken", "expiresAt", "expiresIn"]);
  expect(out.expiresIn).toBe(3600);
  expect(new Date(out.expiresAt).toISOString()).toBe(out.expiresAt);
});

it("--help describes the command; bad usage exits 2", async () => {
  const help = await appmgmt(["session", "--help"], {});
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^Usage: appmgmt session create \[--json\]/);
  expect(help.stdout).toContain("APPMGMT_SESSION_TOKEN");
  const bad = await appmgmt(["session", "delete"], creds());
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('expected "create", got "delete"');
  const list = await appmgmt(["--help"], {});
  expect(list.stdout).toMatch(/^\s+session\s+create a session token/m);
});

it("fails with exit 1 and says what is missing, showing no secret", async () => {
  const noToken = await appmgmt(["session", "create"], {
    APPMGMT_BASE_URL: svc.url,
    APPMGMT_EMAIL: DEMO.email,
    APPMGMT_PASSWORD: DEMO.password,
  });
  expect(noToken.code).toBe(1);
  expect(noToken.stderr).toContain("APPMGMT_REFRESH_TOKEN is not set");
  const badUrl = await appmgmt(["session", "create"], {
    APPMGMT_BASE_URL: `http://demo:${DEMO.password}@127.0.0.1:1`,
    APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
  });
  expect(badUrl.code).toBe(1);
  expect(badUrl.stderr).toMatch(/Invalid base_url .*must not contain credentials/);
  const unknown = await appmgmt(["session", "create"], { ...creds(), APPMGMT_REFRESH_TOKEN: "wrong-token" });
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(/HTTP 401: refresh token not recognised/);
  for (const r of [noToken, badUrl, unknown]) {
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toContain(DEMO.password);
    expect(r.stderr).not.toContain("wrong-token");
  }
});

it("checkCredentials gets the session token the next calls use, and refuses a wrong refresh token", async () => {
  const before = svc.sim.stats.tokenCalls;
  const client = new AppMgmtClient({ baseUrl: svc.url, refreshToken: DEMO.refreshToken });
  const wrong = new AppMgmtClient({ baseUrl: svc.url, refreshToken: "wrong-token" });
  try {
    await client.checkCredentials();
    expect(svc.sim.stats.tokenCalls - before).toBe(1);
    await client.checkCredentials();
    expect(await client.listOrganizations()).toHaveLength(1);
    expect(svc.sim.stats.tokenCalls - before).toBe(1);
    await expect(wrong.checkCredentials()).rejects.toMatchObject({ code: "E_AUTH", status: 401 });
  } finally {
    await Promise.all([client.close(), wrong.close()]);
  }
});
