// The cache of built provider executables: a build runs once per provider script and platform; the next
// install or release takes the file (the SEA build itself runs in test/acceptance/install-provider.test.ts).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { unzipSync, zipSync } from "fflate";
import { cachedBuild, builtExecutablePath } from "../../../src/cli/built-executables";
import { installProvider } from "../../../src/cli/install-provider";
import { writeRelease } from "../../../src/cli/package";
import { STALE_AFTER_MS } from "../../../src/provider-package/cache-dir";
import { EXECUTABLE_NAME, readArtifact } from "../../../src/provider-package/provider-artifact";

let cacheDir: string;
beforeEach(() => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-built-"));
});
afterEach(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

test("the second install of the same script and platform reuses the first build's bytes", () => {
  const script = Buffer.from("provider script v1");
  const builds: string[] = [];
  const build = (bytes: string) => () => (builds.push(bytes), Buffer.from(bytes));
  const file = builtExecutablePath("linux_amd64", script, cacheDir);
  expect(cachedBuild(file, build("exe 1"))).toEqual({ reused: false });
  expect(cachedBuild(file, build("exe 2"))).toEqual({ reused: true });
  expect(builds).toEqual(["exe 1"]);
  expect(fs.readFileSync(file, "utf8")).toBe("exe 1");
  // kept under its final name only: no temporary file left beside it
  expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
});

test("another script or another platform is another file: it is built, never taken for the first", () => {
  const v1 = builtExecutablePath("linux_amd64", Buffer.from("provider script v1"), cacheDir);
  const v2 = builtExecutablePath("linux_amd64", Buffer.from("provider script v2"), cacheDir);
  const arm = builtExecutablePath("linux_arm64", Buffer.from("provider script v1"), cacheDir);
  expect(new Set([v1, v2, arm]).size).toBe(3);
  for (const file of [v1, v2, arm]) expect(path.dirname(file)).toBe(path.join(cacheDir, "executables"));
  expect(path.basename(arm)).toMatch(/^linux_arm64-[0-9a-f]{32}$/);
});

test("a build that fails leaves nothing in the cache: the next install builds again", () => {
  const file = builtExecutablePath("windows_amd64", Buffer.from("script"), cacheDir);
  expect(() =>
    cachedBuild(file, () => {
      throw new Error("postject failed");
    }),
  ).toThrow("postject failed");
  expect(fs.existsSync(file)).toBe(false);
  expect(cachedBuild(file, () => Buffer.from("exe")).reused).toBe(false);
});

/** A cache holding `platform`'s executable of the current provider script, as an earlier build left it. */
function cachedExecutable(platform: string, bytes: string): string {
  const file = builtExecutablePath(platform, readArtifact(), cacheDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes, { mode: 0o644 });
  return file;
}

test("install-provider copies a cached executable: mode 0755, the cache file unchanged, nothing built", async () => {
  const file = cachedExecutable("linux_arm64", "exe built before");
  const dir = path.join(cacheDir, "mirror");
  const log: string[] = [];
  const installed = await installProvider({
    dir,
    platforms: ["linux_arm64"],
    cacheDir,
    log: (m) => log.push(m),
  });
  expect(fs.readFileSync(installed.path, "utf8")).toBe("exe built before");
  expect(fs.statSync(installed.path).mode & 0o777).toBe(0o755);
  expect(fs.statSync(file).mode & 0o777).toBe(0o644);
  expect(fs.statSync(installed.path).ino).not.toBe(fs.statSync(file).ino);
  expect(log[0]).toBe(
    `the linux_arm64 executable of this provider script was built before: taken from ${file}`,
  );
});

test("a release takes the executables built before from the cache: its zip holds them, nothing built", () => {
  cachedExecutable("linux_amd64", "linux exe built before");
  cachedExecutable("windows_amd64", "windows exe built before");
  const log: string[] = [];
  const release = writeRelease(path.join(cacheDir, "release"), {
    platforms: ["linux_amd64", "windows_amd64"],
    cacheDir,
    log: (m) => log.push(m),
  });
  const contents = release.platforms.map((p) =>
    Object.entries(unzipSync(fs.readFileSync(p.zip.path))).map(([name, bytes]) => [
      name,
      Buffer.from(bytes).toString(),
    ]),
  );
  expect(contents).toEqual([
    [[EXECUTABLE_NAME, "linux exe built before"]],
    [[`${EXECUTABLE_NAME}.exe`, "windows exe built before"]],
  ]);
  expect(log.some((m) => m.startsWith("building"))).toBe(false);
});

test("a release keeps an executable's zip beside it in the cache; the next release of it takes that zip", () => {
  const exe = cachedExecutable("linux_amd64", "linux exe built before");
  const first = writeRelease(path.join(cacheDir, "first"), { platforms: ["linux_amd64"], cacheDir });
  const kept = fs.readdirSync(path.dirname(exe)).filter((f) => f.endsWith(".zip"));
  expect(kept).toEqual([expect.stringMatching(new RegExp(`^${path.basename(exe)}-[0-9a-f]{16}\\.zip$`))]);
  const zipFile = path.join(path.dirname(exe), kept[0]);
  expect(fs.readFileSync(zipFile)).toEqual(fs.readFileSync(first.platforms[0].zip.path));
  // What the next release writes is the kept file (here replaced, to tell it from a zip made again).
  const marked = zipSync({ [EXECUTABLE_NAME]: Buffer.from("kept zip") });
  fs.writeFileSync(zipFile, marked);
  const second = writeRelease(path.join(cacheDir, "second"), { platforms: ["linux_amd64"], cacheDir });
  expect(fs.readFileSync(second.platforms[0].zip.path)).toEqual(Buffer.from(marked));
});

test("a new build removes the files no install or release used for a week; a reuse keeps its file", () => {
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 3600 * 1000);
  const [old, used, recent, fresh] = ["v1", "v2", "v3", "v4"].map((v) =>
    builtExecutablePath("linux_amd64", Buffer.from(`script ${v}`), cacheDir),
  );
  for (const file of [old, used, recent]) cachedBuild(file, () => Buffer.from(file));
  for (const [file, days] of [
    [old, 10],
    [used, 10],
    [recent, 6],
  ] as const)
    fs.utimesSync(file, daysAgo(days), daysAgo(days));
  // `used` was built 10 days ago and installed again today
  expect(cachedBuild(used, () => Buffer.from("rebuilt"), new Date(now)).reused).toBe(true);
  expect(now - fs.statSync(old).mtimeMs).toBeGreaterThan(STALE_AFTER_MS);

  cachedBuild(fresh, () => Buffer.from("v4"), new Date(now));
  const left = fs.readdirSync(path.dirname(fresh)).sort();
  expect(left).toEqual([used, recent, fresh].map((f) => path.basename(f)).sort());
});

test("a cached file this user may read but not touch (another user's cache, a read-only mount) is still taken", () => {
  const file = builtExecutablePath("linux_amd64", Buffer.from("script"), cacheDir);
  cachedBuild(file, () => Buffer.from("exe"));
  // as root every file may be touched, so the refusal is the file system's answer, mocked
  const nodeFs = jest.requireActual<typeof fs>("node:fs");
  const refuse = jest.spyOn(nodeFs, "utimesSync").mockImplementation(() => {
    throw Object.assign(new Error("EPERM: operation not permitted, utime"), { code: "EPERM" });
  });
  try {
    jest.isolateModules(() => {
      // loaded afresh so that it sees the mocked function
      const fresh =
        require("../../../src/cli/built-executables") as typeof import("../../../src/cli/built-executables");
      expect(fresh.cachedBuild(file, () => Buffer.from("rebuilt"))).toEqual({ reused: true });
    });
    expect(refuse).toHaveBeenCalled();
  } finally {
    refuse.mockRestore();
  }
  expect(fs.readFileSync(file, "utf8")).toBe("exe");
});
