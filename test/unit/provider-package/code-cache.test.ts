// The provider artifact's code cache (src/provider-package/code-cache.ts): where it lives, that only a whole
// file made for this bundle is read (stale, corrupt, truncated ones are not), that writers racing each
// other leave one whole file, and that a bundle compiled with a good cache runs from it.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import {
  codeCacheDir,
  codeCacheFile,
  compileWithCodeCache,
  readCodeCache,
  writeCodeCache,
} from "../../../src/provider-package/code-cache";
import { STALE_AFTER_MS } from "../../../src/provider-package/cache-dir";
import { CODE_CACHE_WRITER, takeCodeCacheWriter } from "../../../src/provider-package/code-cache-hook";

const HASH = "0123456789abcdef";

describe("the code cache", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "code-cache-"));
  });
  afterEach(() => {
    takeCodeCacheWriter();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("lives in APPMGMT_CACHE_DIR, else XDG_CACHE_HOME/appmgmt, else ~/.cache/appmgmt, one file per bundle and node", () => {
    expect(codeCacheDir({ APPMGMT_CACHE_DIR: "/c", XDG_CACHE_HOME: "/x" })).toBe("/c/code-cache");
    expect(codeCacheDir({ XDG_CACHE_HOME: "/x" })).toBe("/x/appmgmt/code-cache");
    expect(codeCacheDir({ XDG_CACHE_HOME: "relative" })).toBe(
      path.join(os.homedir(), ".cache/appmgmt/code-cache"),
    );
    expect(codeCacheDir({})).toBe(path.join(os.homedir(), ".cache/appmgmt/code-cache"));
    expect(codeCacheFile("/c", HASH)).toBe(`/c/${HASH}-node${process.version}-${process.arch}.bin`);
  });

  test("reads back what was written; nothing when the file is missing, of another bundle, corrupt or cut short", () => {
    const file = codeCacheFile(dir, HASH);
    expect(readCodeCache(file, HASH)).toBeUndefined();
    const data = Buffer.from("compiled code ".repeat(100));
    writeCodeCache(file, HASH, data);
    expect(readCodeCache(file, HASH)).toEqual(data);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);

    expect(readCodeCache(file, "fedcba9876543210")).toBeUndefined(); // stale: another build's bundle

    const bytes = fs.readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 10] ^= 0xff;
    fs.writeFileSync(file, flipped);
    expect(readCodeCache(file, HASH)).toBeUndefined();

    for (const length of [bytes.length - 1, 60, 10, 0]) {
      fs.writeFileSync(file, bytes.subarray(0, length));
      expect(readCodeCache(file, HASH)).toBeUndefined();
    }
  });

  test("a directory that cannot be written means no cache, and no error", () => {
    const blocker = path.join(dir, "not-a-directory");
    fs.writeFileSync(blocker, "");
    expect(() => writeCodeCache(path.join(blocker, "cache.bin"), HASH, Buffer.from("x"))).not.toThrow();
    expect(fs.readdirSync(dir)).toEqual(["not-a-directory"]);
  });

  test("writing removes other files not written for a week, and keeps the recent ones", () => {
    const old = path.join(dir, "old-build.bin");
    const recent = path.join(dir, "recent-build.bin");
    for (const f of [old, recent]) fs.writeFileSync(f, "x");
    const now = Date.now();
    fs.utimesSync(old, new Date(now - STALE_AFTER_MS - 60_000), new Date(now - STALE_AFTER_MS - 60_000));
    writeCodeCache(codeCacheFile(dir, HASH), HASH, Buffer.from("data"), now);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(codeCacheFile(dir, HASH)), "recent-build.bin"]);
  });

  test("writers racing each other leave one whole file of one of them, and no temporary file", async () => {
    const file = codeCacheFile(dir, HASH);
    const module = path.join(__dirname, "../../../src/provider-package/code-cache.ts");
    const register = path.join(__dirname, "../../../scripts/register-ts.js");
    // Each writer writes 10 times a 1 MB cache of its own letter, all started at once.
    const writer = (letter: string) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            "-r",
            register,
            "-e",
            `const { writeCodeCache } = require(${JSON.stringify(module)});
             const data = Buffer.alloc(1e6, ${JSON.stringify(letter)});
             for (let i = 0; i < 10; i++) writeCodeCache(${JSON.stringify(file)}, ${JSON.stringify(HASH)}, data);`,
          ],
          { stdio: ["ignore", "ignore", "inherit"] },
        );
        child.on("error", reject);
        child.on("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`writer ${letter} exited ${code}`)),
        );
      });
    await Promise.all(["a", "b", "c", "d"].map(writer));
    const data = readCodeCache(file, HASH);
    expect(data?.length).toBe(1e6);
    expect(["a", "b", "c", "d"].map((c) => Buffer.alloc(1e6, c)).some((d) => d.equals(data!))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([path.basename(file)]);
  });

  describe("compiling an artifact", () => {
    const SUFFIX = "(exports, require, module, __filename, __dirname);";
    /** An artifact shaped as the build writes it: two launcher lines, the wrapped bundle, the call. */
    const artifact = (body: string) => {
      const file = path.join(dir, "artifact");
      fs.writeFileSync(
        file,
        `#!/bin/sh\n':' //; exec node\n;(function (exports, require, module, __filename, __dirname) {\n${body}\n})${SUFFIX}`,
      );
      return { file, bundleHash: HASH, firstLine: 2, suffix: SUFFIX };
    };
    const env = () => ({ APPMGMT_CACHE_DIR: path.join(dir, "cache") });
    /** The bundle runs in node's own context, not jest's: it reports through a module it requires. */
    let probe: Record<string, unknown>;
    beforeEach(() => (probe = {}));
    const probeRequire = ((id: string) => (id === "probe" ? probe : require(id))) as NodeJS.Require;
    const cacheFile = () => codeCacheFile(codeCacheDir(env()), HASH);

    test("runs the bundle with what node's module loader gives it, and errors name the artifact's lines", () => {
      const bundle = artifact(
        "const p = require('probe'); p.ranWith = { file: __filename, dir: __dirname, sep: require('node:path').sep, exports: module.exports === exports };\n" +
          "p.fail = () => { throw new Error('line 5 of the file'); };",
      );
      compileWithCodeCache(bundle, env(), probeRequire)();
      expect(probe.ranWith).toEqual({ file: bundle.file, dir: dir, sep: "/", exports: true });
      try {
        (probe.fail as () => void)();
        throw new Error("did not throw");
      } catch (e) {
        expect((e as Error).stack).toContain(`${bundle.file}:5:`);
      }
    });

    test("without a cache leaves a writer, whose cache the next compile takes and so leaves none", () => {
      const bundle = artifact("require('probe').answer = 42;");
      compileWithCodeCache(bundle, env(), probeRequire)();
      const write = takeCodeCacheWriter();
      expect(write).toBeInstanceOf(Function);
      write!();
      expect(readCodeCache(cacheFile(), HASH)).toBeDefined();

      probe = {};
      compileWithCodeCache(bundle, env(), probeRequire)();
      expect(takeCodeCacheWriter()).toBeUndefined();
      expect(probe.answer).toBe(42);
    });

    test("a cache V8 refuses (made for other code of the same hash) leaves a writer again", () => {
      const other = new vm.Script("(function () { return 'other code' })").createCachedData();
      writeCodeCache(cacheFile(), HASH, other);
      compileWithCodeCache(artifact("require('probe').answer = 43;"), env(), probeRequire)();
      expect(takeCodeCacheWriter()).toBeInstanceOf(Function);
      expect(probe.answer).toBe(43);
    });

    test("where the cache directory cannot be made, no writer is left (the process keeps V8's usual flags)", () => {
      fs.writeFileSync(path.join(dir, "blocker"), "");
      compileWithCodeCache(
        artifact("require('probe').answer = 44;"),
        { APPMGMT_CACHE_DIR: path.join(dir, "blocker") },
        probeRequire,
      )();
      expect(takeCodeCacheWriter()).toBeUndefined();
      expect(probe.answer).toBe(44);
    });

    test("a file not shaped as the build writes it is refused before anything runs", () => {
      const file = path.join(dir, "other");
      fs.writeFileSync(file, "require('probe').ran = true;\n");
      expect(() =>
        compileWithCodeCache({ file, bundleHash: HASH, firstLine: 2, suffix: SUFFIX }, env(), probeRequire),
      ).toThrow(`${file} is not a provider artifact`);
      expect(probe.ran).toBeUndefined();
      expect((globalThis as Record<symbol, unknown>)[CODE_CACHE_WRITER]).toBeUndefined();
    });
  });
});
