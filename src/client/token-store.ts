// Where session tokens live between requests and between processes. One terraform command starts several
// provider processes; sharing the token through a file keeps them at one token call per token lifetime.
import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import * as path from "node:path";
import { processAlive } from "../util/process-alive";

export interface StoredToken {
  /** null once the service rejected it: the record then only remembers when the last token call was. */
  jwt: string | null;
  /** Local epoch ms at which the token expires: obtainedAt + the lifetime the service stated. */
  expiresAt: number;
  /** Local epoch ms at which the answer with the token arrived. */
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
  /**
   * Told about cache problems the store works around: a directory open to group/others (tightened to 0700,
   * or not used when that fails) and unreadable or unwritable files (skipped; tokens are then not shared).
   */
  onWarning?: (message: string, fields: Record<string, unknown>) => void;
  /** A lock older than this is taken over (its holder crashed or hangs). */
  staleLockMs?: number;
  /** Pause between attempts to take a held lock. */
  lockPollMs?: number;
}

/**
 * Tokens in `<dir>/appmgmt-token-<key>.json`, mode 0600, replaced atomically (temp file + rename). The lock is
 * `<file>.lock`, created with O_EXCL; a lock whose holder is dead or that is older than staleLockMs is removed.
 *
 * The cache only saves token calls, so its trouble never fails a call: the directory must be private (0700;
 * a looser one is tightened, or left unused when that fails), and a file that cannot be read or written is
 * skipped with a warning. Without a usable directory the store keeps tokens in memory, like MemoryTokenStore.
 */
export class FileTokenStore implements TokenStore {
  private readonly staleLockMs: number;
  private readonly lockPollMs: number;
  private readonly onWarning: (message: string, fields: Record<string, unknown>) => void;
  private readonly fallback = new MemoryTokenStore();
  private dirReady?: Promise<boolean>;
  private readonly warned = new Set<string>();

  constructor(
    readonly dir: string,
    opts: FileTokenStoreOptions = {},
  ) {
    this.staleLockMs = opts.staleLockMs ?? 30_000;
    this.lockPollMs = opts.lockPollMs ?? 25;
    this.onWarning = opts.onWarning ?? (() => undefined);
  }

  filePath(key: string): string {
    return path.join(this.dir, `appmgmt-token-${key}.json`);
  }

  async get(key: string): Promise<StoredToken | undefined> {
    if (!(await this.usableDir())) return this.fallback.get(key);
    let text: string;
    try {
      text = await fs.readFile(this.filePath(key), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return this.fallback.get(key);
      this.warnOnce(`read:${key}`, `cannot read the session token cache file ${this.filePath(key)}`, err);
      return this.fallback.get(key);
    }
    try {
      const t = JSON.parse(text) as Partial<StoredToken>;
      if (
        (typeof t.jwt === "string" || t.jwt === null) &&
        typeof t.expiresAt === "number" &&
        typeof t.obtainedAt === "number"
      ) {
        return { jwt: t.jwt, expiresAt: t.expiresAt, obtainedAt: t.obtainedAt };
      }
    } catch {
      // A damaged file is treated as absent; the next set() replaces it.
    }
    return undefined;
  }

  async set(key: string, token: StoredToken): Promise<void> {
    // Kept in memory too, so this process reuses it even when the file cannot be written or read back.
    await this.fallback.set(key, token);
    if (!(await this.usableDir())) return;
    const target = this.filePath(key);
    const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.writeFile(temp, JSON.stringify(token), { mode: 0o600, flag: "wx" });
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      this.warnOnce(`write:${key}`, `cannot write the session token cache file ${target}`, err);
    }
  }

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (!(await this.usableDir())) return this.fallback.withLock(key, fn);
    const lock = `${this.filePath(key)}.lock`;
    try {
      await this.acquire(lock);
    } catch (err) {
      this.warnOnce(`lock:${key}`, `cannot create the session token cache lock ${lock}`, err);
      return this.fallback.withLock(key, fn);
    }
    try {
      return await fn();
    } finally {
      await fs.rm(lock, { force: true });
    }
  }

  /** Creates the directory (0700) or checks an existing one, once; false when it must not be used. */
  private usableDir(): Promise<boolean> {
    this.dirReady ??= this.prepareDir();
    return this.dirReady;
  }

  private async prepareDir(): Promise<boolean> {
    try {
      await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
      const mode = (await fs.stat(this.dir)).mode & 0o777;
      if ((mode & 0o077) === 0) return true;
      const shown = `0${mode.toString(8)}`;
      try {
        await fs.chmod(this.dir, 0o700);
      } catch (err) {
        this.warnOnce(
          "dir",
          `the session token cache directory ${this.dir} is open to other users (mode ${shown}) and cannot ` +
            "be made private, so it is not used; tokens are not shared between processes. Run " +
            `\`chmod 700 ${this.dir}\` or choose another token_cache_dir`,
          err,
        );
        return false;
      }
      this.onWarning(
        `the session token cache directory ${this.dir} was open to other users (mode ${shown}); ` +
          "its mode is now 0700",
        { dir: this.dir, mode: shown },
      );
      return true;
    } catch (err) {
      this.warnOnce("dir", `cannot use the session token cache directory ${this.dir}`, err);
      return false;
    }
  }

  private warnOnce(what: string, message: string, err: unknown): void {
    if (this.warned.has(what)) return;
    this.warned.add(what);
    const code = (err as NodeJS.ErrnoException).code;
    const suffix = what === "dir" ? "" : "; it is skipped and tokens are not shared between processes";
    this.onWarning(`${message}${code ? ` (${code})` : ""}${suffix}`, { dir: this.dir, code });
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
