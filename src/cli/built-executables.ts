// The executables `appmgmt install-provider` and `appmgmt package` built, kept in the cache directory under
// a name made of everything they are built from: the provider script, the pinned Node version, postject's
// version, the platform, and the recipe (sea.ts's own code). The same inputs give the same bytes, so the
// next install or release on the machine (another checkout, a CI job sharing the cache, a test file's next
// recipe) copies the file instead of building it again: seconds of CPU and 0.9 GB of memory each
// (ARCHITECTURE.md §5). Each file is ~120 MB (a zip ~40 MB), so a new build removes the files no install or
// release used for a week (a reuse touches its file).
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { removeStaleFiles } from "../provider-package/cache-dir";
import { defaultCacheDir, POSTJECT, SEA_NODE_VERSION } from "./node-binary";

/** The cache file of `platform`'s executable built from `artifact`. */
export function builtExecutablePath(
  platform: string,
  artifact: Buffer,
  cacheDir = defaultCacheDir(),
): string {
  const inputs = createHash("sha256")
    .update(`${platform}\0${SEA_NODE_VERSION}\0${POSTJECT.version}\0`)
    .update(fs.readFileSync(require.resolve("./sea")))
    .update(artifact)
    .digest("hex");
  return path.join(cacheDir, "executables", `${platform}-${inputs.slice(0, 32)}`);
}

/**
 * Makes sure the cache `file` holds what `build()` makes (an executable, or a release zip of one): there
 * when made before (`reused`; its mtime set to `now`, marking it in use), else built now and kept for the
 * next time (written under a temporary name and renamed: a concurrent install never reads half a file), and
 * the other files unused for STALE_AFTER_MS removed. Callers copy the file rather than read it where they
 * can: 120 MB through a Buffer costs 0.7 s of system CPU, a kernel copy 0.1 s.
 */
export function cachedBuild(file: string, build: () => Buffer, now = new Date()): { reused: boolean } {
  if (fs.existsSync(file)) {
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // a cache this user may read but not touch (another user's, a read-only mount) is still a cache
    }
    return { reused: true };
  }
  const code = build();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, code);
  fs.renameSync(tmp, file);
  removeStaleFiles(path.dirname(file), file, now.getTime());
  return { reused: false };
}
