// The appmgmt cache directory: the command line keeps fetched Node binaries and built executables there,
// the provider artifact its code cache (code-cache.ts).
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
