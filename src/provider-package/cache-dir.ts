// The appmgmt cache directory: the command line keeps fetched Node binaries and built executables there,
// the provider artifact its code cache (code-cache.ts).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * $APPMGMT_CACHE_DIR, else $XDG_CACHE_HOME/appmgmt, else ~/.cache/appmgmt. A relative XDG_CACHE_HOME is
 * ignored, as the XDG base directory specification says.
 */
export function appmgmtCacheDir(env: NodeJS.ProcessEnv): string {
  if (env.APPMGMT_CACHE_DIR) return path.resolve(env.APPMGMT_CACHE_DIR);
  const base =
    env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : path.join(os.homedir(), ".cache");
  return path.join(base, "appmgmt");
}

/** Cache files not written (or, for built executables, used) for this long are removed by the next writer. */
export const STALE_AFTER_MS = 7 * 24 * 3600 * 1000;

/**
 * Removes the files in `dir` but `keep` whose mtime is older than STALE_AFTER_MS: the caches of other
 * builds, which nothing would ever read again (each build's files are named by its hash). Best effort:
 * a file another process removes first is skipped.
 */
export function removeStaleFiles(dir: string, keep: string, now = Date.now()): void {
  for (const name of fs.readdirSync(dir)) {
    const other = path.join(dir, name);
    if (other === keep) continue;
    try {
      if (now - fs.statSync(other).mtimeMs > STALE_AFTER_MS) fs.rmSync(other, { force: true });
    } catch {
      // removed by another writer meanwhile
    }
  }
}
