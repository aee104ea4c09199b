// The provider artifact's V8 code cache. terraform starts 3 to 5 provider processes per command; each
// compiled the 860 KiB bundle from source: ~30-40 ms of CPU of its ~200 ms (`wrapSafe` in `--cpu-prof`),
// ~25 ms with the cache read in its place (bench/README.md, "Measured costs behind the code"). So the
// artifact's launcher (scripts/bundle-provider.js) runs `runWithCodeCache`: it compiles the bundle with the
// cache when there is a good one, and otherwise leaves a writer for provider-main to call at exit.
//
// The cache lives in the user's cache directory, never beside the executable: terraform hashes the
// provider's package directory into .terraform.lock.hcl. One file per bundle (its hash, fixed at build)
// and node version; V8 itself refuses another V8 version or other flags, but not a corrupt file (a
// release build reads it unchecked and may crash), so each file carries the SHA-256 of its data. Writers
// write a temporary file and rename it: two processes starting at once each write a whole file, and a
// reader sees one whole file or none.
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";
import { appmgmtCacheDir, removeStaleFiles } from "./cache-dir";
import { CODE_CACHE_WRITER } from "./code-cache-hook";

const MAGIC = "appmgmt-code-cache-1\n";
const DIGEST_BYTES = 32;

/** code-cache/ in the appmgmt cache directory (cache-dir.ts). */
export function codeCacheDir(env: NodeJS.ProcessEnv): string {
  return path.join(appmgmtCacheDir(env), "code-cache");
}

/** The cache of the bundle `bundleHash` for this node. */
export function codeCacheFile(dir: string, bundleHash: string): string {
  return path.join(dir, `${bundleHash}-node${process.version}-${process.arch}.bin`);
}

/** The code cache data in `file` when it is whole and made for `bundleHash`; undefined otherwise. */
export function readCodeCache(file: string, bundleHash: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const header = `${MAGIC}${bundleHash}\n`;
  const start = header.length + DIGEST_BYTES;
  if (bytes.length <= start || bytes.toString("latin1", 0, header.length) !== header) return undefined;
  const data = bytes.subarray(start);
  const digest = createHash("sha256").update(data).digest();
  return digest.equals(bytes.subarray(header.length, start)) ? data : undefined;
}

/**
 * Writes `data` as the cache of `bundleHash` into `file`, atomically, and removes files in its directory
 * not written for STALE_AFTER_MS (other builds' caches: cache-dir.ts). A directory that cannot be written means no cache.
 */
export function writeCodeCache(file: string, bundleHash: string, data: Buffer, now = Date.now()): void {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const digest = createHash("sha256").update(data).digest();
    fs.writeFileSync(tmp, Buffer.concat([Buffer.from(`${MAGIC}${bundleHash}\n`, "latin1"), digest, data]));
    fs.renameSync(tmp, file);
    removeStaleFiles(dir, file, now);
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // the directory itself is unusable: nothing was written
    }
  }
}

/**
 * Whether `dir` exists or can be made, and can be written. Where it cannot (a read-only home), no process
 * becomes the writer, which would start without V8's --liftoff-only every time (provider-main.ts).
 */
function writableDir(dir: string): boolean {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What the artifact's launcher passes: the artifact, and where its bundle sits in it. */
export interface BundleFile {
  /** The artifact's path (process.argv[1]). */
  file: string;
  /** The bundle's hash, fixed at build. */
  bundleHash: string;
  /** The function expression `(function (exports, require, module, __filename, __dirname) {...})` starts on this line (0-based). */
  firstLine: number;
  /** What follows the function expression to the end of the file (the call that runs it when node runs the file itself). */
  suffix: string;
}

/**
 * Compiles the artifact's bundle with the code cache and returns the call that runs it, with what node's
 * module loader would pass its wrapper function. With no good cache, the function CODE_CACHE_WRITER names
 * on globalThis writes one from this process's compiled code (provider-main calls it at exit). Throws,
 * before anything ran, when the file is not shaped as the build writes it.
 */
export function compileWithCodeCache(
  bundle: BundleFile,
  env: NodeJS.ProcessEnv,
  nodeRequire: NodeJS.Require,
): () => void {
  const text = fs.readFileSync(bundle.file, "latin1"); // the bundle is ASCII (charset: "ascii" at build)
  let start = 0;
  for (let line = 0; line < bundle.firstLine; line++) start = text.indexOf("\n", start) + 1;
  if (start === 0 || !text.endsWith(bundle.suffix))
    throw new Error(`${bundle.file} is not a provider artifact`);
  const file = codeCacheFile(codeCacheDir(env), bundle.bundleHash);
  const cachedData = readCodeCache(file, bundle.bundleHash);
  const script = new vm.Script(text.slice(start, text.length - bundle.suffix.length), {
    filename: bundle.file,
    lineOffset: bundle.firstLine,
    cachedData,
  });
  if ((cachedData === undefined || script.cachedDataRejected) && writableDir(path.dirname(file))) {
    (globalThis as Record<symbol, unknown>)[CODE_CACHE_WRITER] = () =>
      writeCodeCache(file, bundle.bundleHash, script.createCachedData());
  }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  return () => {
    const module = { exports: {}, filename: bundle.file, id: ".", loaded: false };
    wrapper.call(module.exports, module.exports, nodeRequire, module, bundle.file, path.dirname(bundle.file));
  };
}
