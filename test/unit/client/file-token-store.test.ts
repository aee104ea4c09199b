import { fork, spawnSync } from "node:child_process";
import { buildSync } from "esbuild";
import { promises as fs } from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { AppMgmtClient, FileTokenStore, tokenKey } from "../../../src/client";
import { INST, REFRESH, fakeJwt, instanceBody } from "./helpers";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "appmgmt-tokens-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A loopback service: token endpoint (answering after `tokenDelayMs`, to widen races) and instance status. */
async function service(tokenDelayMs = 0) {
  const tokenCalls: string[] = [];
  const authHeaders: string[] = [];
  const srv = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/refreshToken/jwtBearer") {
        const jwt = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600, n: tokenCalls.length });
        tokenCalls.push(jwt);
        setTimeout(() => res.end(JSON.stringify({ jwtBearer: jwt, expiresIn: 600 })), tokenDelayMs);
        return;
      }
      authHeaders.push(String(req.headers.authorization));
      res.end(JSON.stringify(instanceBody()));
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    tokenCalls,
    authHeaders,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

describe("FileTokenStore", () => {
  it("writes mode 0600, names the file by a hash of base URL + refresh token, and round-trips", async () => {
    const store = new FileTokenStore(dir);
    const key = tokenKey("https://svc.example", REFRESH);
    const token = { jwt: fakeJwt({ exp: 2000000000 }), expiresAt: 2000000000000, obtainedAt: 1 };
    await store.set(key, token);
    const names = await fs.readdir(dir);
    expect(names).toEqual([`appmgmt-token-${key}.json`]);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(names[0]).not.toContain(REFRESH);
    expect((await fs.stat(path.join(dir, names[0]))).mode & 0o777).toBe(0o600);
    expect(await store.get(key)).toEqual(token);
    expect(await store.get(tokenKey("https://other.example", REFRESH))).toBeUndefined();
  });

  it("replaces atomically: no temp files stay behind, a damaged file counts as absent", async () => {
    const store = new FileTokenStore(dir);
    await store.set("k", { jwt: "a", expiresAt: 2, obtainedAt: 1 });
    await store.set("k", { jwt: "b", expiresAt: 3, obtainedAt: 1 });
    expect(await fs.readdir(dir)).toEqual(["appmgmt-token-k.json"]);
    expect((await store.get("k"))?.jwt).toBe("b");
    await fs.writeFile(store.filePath("k"), "{half");
    expect(await store.get("k")).toBeUndefined();
  });

  it("the lock excludes a second holder until released", async () => {
    const a = new FileTokenStore(dir, { lockPollMs: 5 });
    const b = new FileTokenStore(dir, { lockPollMs: 5 });
    const order: string[] = [];
    let releaseA!: () => void;
    const aHolds = a.withLock("k", async () => {
      order.push("a in");
      await new Promise<void>((resolve) => (releaseA = resolve));
      order.push("a out");
    });
    await waitFor(() => order.length === 1);
    const opens = jest.spyOn(fs, "open");
    const bHolds = b.withLock("k", async () => void order.push("b in"));
    await waitFor(() => opens.mock.calls.length >= 3); // b found the lock taken three times
    expect(order).toEqual(["a in"]);
    opens.mockRestore();
    releaseA();
    await Promise.all([aHolds, bHolds]);
    expect(order).toEqual(["a in", "a out", "b in"]);
  });

  it("takes over a lock left by a dead process or older than staleLockMs", async () => {
    const store = new FileTokenStore(dir, { staleLockMs: 60_000 });
    const lock = `${store.filePath("k")}.lock`;
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid;
    await fs.writeFile(lock, JSON.stringify({ pid: deadPid, at: Date.now() }));
    await expect(store.withLock("k", async () => "got it")).resolves.toBe("got it");

    await fs.writeFile(lock, JSON.stringify({ pid: process.pid, at: 0 }));
    const old = new Date(Date.now() - 120_000);
    await fs.utimes(lock, old, old);
    await expect(store.withLock("k", async () => "again")).resolves.toBe("again");
    await expect(fs.access(lock)).rejects.toThrow();
  });

  it("two independent stores on one directory: concurrent clients make one token call", async () => {
    const svc = await service(100);
    const clients = [0, 1, 2].map(
      () =>
        new AppMgmtClient({ baseUrl: svc.url, refreshToken: REFRESH, tokenStore: new FileTokenStore(dir) }),
    );
    try {
      await Promise.all(clients.map((c) => c.getInstance(INST)));
      expect(svc.tokenCalls).toHaveLength(1);
      expect(new Set(svc.authHeaders)).toEqual(new Set([`Bearer ${svc.tokenCalls[0]}`]));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await svc.close();
    }
  });

  it("separate processes (child_process.fork) share one token through the directory", async () => {
    // The children run the real client, bundled from src/ with esbuild (lib/ may not be built).
    const bundle = path.join(dir, "client.js");
    buildSync({
      entryPoints: [path.join(__dirname, "../../../src/client/index.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile: bundle,
      logLevel: "silent",
    });
    const script = path.join(dir, "child.js");
    await fs.writeFile(
      script,
      `const { AppMgmtClient, FileTokenStore } = require(${JSON.stringify(bundle)});
       const [url, tokenDir, refreshToken, id] = process.argv.slice(2);
       const client = new AppMgmtClient({ baseUrl: url, refreshToken, tokenStore: new FileTokenStore(tokenDir) });
       client.getInstance(id).then(
         (s) => client.close().then(() => process.send({ ok: s.id }, () => process.disconnect())),
         (e) => process.send({ error: String(e) }, () => process.disconnect()),
       );`,
    );
    const svc = await service(150);
    const tokenDir = path.join(dir, "tokens");
    try {
      const results = await Promise.all(
        [0, 1, 2].map(
          () =>
            new Promise<unknown>((resolve, reject) => {
              const child = fork(script, [svc.url, tokenDir, REFRESH, INST], { stdio: "inherit" });
              let answer: unknown;
              child.once("message", (m) => (answer = m));
              child.once("error", reject);
              child.once("exit", () => resolve(answer));
            }),
        ),
      );
      expect(results).toEqual([{ ok: INST }, { ok: INST }, { ok: INST }]);
      expect(svc.tokenCalls).toHaveLength(1);
      expect(svc.authHeaders).toHaveLength(3);
      const names = await fs.readdir(tokenDir);
      expect(names.filter((n) => n.endsWith(".json"))).toHaveLength(1);
      expect(names.join(" ")).not.toContain(REFRESH);
    } finally {
      await svc.close();
    }
  });

  it("tightens an existing directory open to group/others to 0700, with a warning naming it", async () => {
    const open = path.join(dir, "shared");
    await fs.mkdir(open);
    await fs.chmod(open, 0o775);
    const warnings: string[] = [];
    const store = new FileTokenStore(open, { onWarning: (m) => warnings.push(m) });
    const token = { jwt: fakeJwt({ exp: 2000000000 }), expiresAt: 2000000000000, obtainedAt: 1 };
    await store.set("k", token);
    expect((await fs.stat(open)).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([
      `the session token cache directory ${open} was open to other users (mode 0775); its mode is now 0700`,
    ]);
    await expect(new FileTokenStore(open).get("k")).resolves.toEqual(token);
  });

  it("does not use a directory it cannot make private, says so once, and keeps tokens in memory", async () => {
    // procfs refuses chmod even to root: a directory open to others that cannot be tightened.
    const warnings: string[] = [];
    const store = new FileTokenStore("/proc/self", { onWarning: (m) => warnings.push(m) });
    const token = { jwt: "a.b.c", expiresAt: 2, obtainedAt: 1 };
    await store.withLock("k", () => store.set("k", token));
    await expect(store.get("k")).resolves.toEqual(token);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^the session token cache directory \/proc\/self is open to other users \(mode 0555\) and cannot be made private, so it is not used; .*chmod 700 \/proc\/self.* \(EPERM\)$/,
    );
  });

  it("skips a cache file it cannot read, with one warning, instead of failing the call", async () => {
    const svc = await service();
    try {
      const key = tokenKey(svc.url, REFRESH);
      const store = new FileTokenStore(dir);
      // A directory where the file should be: reading it fails (EISDIR) for every user, root included.
      await fs.mkdir(store.filePath(key));
      const warnings: string[] = [];
      const client = new AppMgmtClient({
        baseUrl: svc.url,
        refreshToken: REFRESH,
        tokenStore: new FileTokenStore(dir, { onWarning: (m) => warnings.push(m) }),
      });
      await client.getInstance(INST);
      await client.getInstance(INST);
      await client.close();
      expect(svc.tokenCalls).toHaveLength(1);
      expect(warnings).toContainEqual(
        `cannot read the session token cache file ${store.filePath(key)} (EISDIR); it is skipped and tokens ` +
          "are not shared between processes",
      );
      expect(new Set(warnings).size).toBe(warnings.length);
    } finally {
      await svc.close();
    }
  });
});

/** Yields to the event loop (timers included) until cond holds. */
async function waitFor(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((resolve) => setTimeout(resolve, 1));
}
