// Where session tokens live between requests and between processes. One terraform command starts several
// provider processes; sharing the token through a file keeps them at one token call per token lifetime.
import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import * as path from "node:path";

export interface StoredToken {
  jwt: string;
  /** Epoch ms at which the token expires (its `exp`). */
  expiresAt: number;
  /** Epoch ms at which it was obtained; with expiresAt gives the lifetime. */
  obtainedAt: number;
}

export interface TokenStore {
  get(key: string): Promise<StoredToken | undefined>;
  set(key: string, token: StoredToken): Promise<void>;
  /** Runs `fn` while holding the store's exclusive lock for `key` (across processes for shared stores). */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** The store key for a credential: a hash, so neither the URL nor the refresh token appears in it. */
export function tokenKey(baseUrl: string, refreshToken: string): string {
  return createHash("sha256").update(baseUrl).update("\n").update(refreshToken).digest("hex");
}

/** Process-local store (the default); a per-key promise chain serialises lock holders. */
export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, StoredToken>();
  private readonly locks = new Map<string, Promise<unknown>>();

  async get(key: string): Promise<StoredToken | undefined> {
    return this.tokens.get(key);
  }

  async set(key: string, token: StoredToken): Promise<void> {
    this.tokens.set(key, token);
  }

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    }
  }
}

export interface FileTokenStoreOptions {
  /** A lock older than this is taken over (its holder crashed or hangs). */
  staleLockMs?: number;
  /** Pause between attempts to take a held lock. */
  lockPollMs?: number;
}

/**
 * Tokens in `<dir>/appmgmt-token-<key>.json`, mode 0600, replaced atomically (temp file + rename). The lock is
 * `<file>.lock`, created with O_EXCL; a lock whose holder is dead or that is older than staleLockMs is removed.
 */
export class FileTokenStore implements TokenStore {
  private readonly staleLockMs: number;
  private readonly lockPollMs: number;

  constructor(
    readonly dir: string,
    opts: FileTokenStoreOptions = {},
  ) {
    this.staleLockMs = opts.staleLockMs ?? 30_000;
    this.lockPollMs = opts.lockPollMs ?? 25;
  }

  filePath(key: string): string {
    return path.join(this.dir, `appmgmt-token-${key}.json`);
  }

  async get(key: string): Promise<StoredToken | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.filePath(key), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
    try {
      const t = JSON.parse(text) as Partial<StoredToken>;
      if (typeof t.jwt === "string" && typeof t.expiresAt === "number" && typeof t.obtainedAt === "number") {
        return { jwt: t.jwt, expiresAt: t.expiresAt, obtainedAt: t.obtainedAt };
      }
    } catch {
      // A damaged file is treated as absent; the next set() replaces it.
    }
    return undefined;
  }

  async set(key: string, token: StoredToken): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.filePath(key);
    const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.writeFile(temp, JSON.stringify(token), { mode: 0o600, flag: "wx" });
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const lock = `${this.filePath(key)}.lock`;
    await this.acquire(lock);
    try {
      return await fn();
    } finally {
      await fs.rm(lock, { force: true });
    }
  }

  private async acquire(lock: string): Promise<void> {
    for (;;) {
      try {
        const handle = await fs.open(lock, "wx", 0o600);
        await handle.writeFile(JSON.stringify({ pid: process.pid, at: Date.now() }));
        await handle.close();
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      if (await this.isStale(lock)) {
        // Two takers may both judge the same lock stale; the loser of the following O_EXCL create waits again.
        await fs.rm(lock, { force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, this.lockPollMs));
    }
  }

  private async isStale(lock: string): Promise<boolean> {
    let ageMs: number;
    let text: string;
    try {
      ageMs = Date.now() - (await fs.stat(lock)).mtimeMs;
      text = await fs.readFile(lock, "utf8");
    } catch {
      return false; // released meanwhile: simply try again
    }
    if (ageMs > this.staleLockMs) return true;
    try {
      const pid = (JSON.parse(text) as { pid?: unknown }).pid;
      return typeof pid === "number" && !processAlive(pid);
    } catch {
      return false; // being written right now
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
