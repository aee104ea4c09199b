// The cache of built provider executables: a build runs once per provider script and platform; the next
// install takes the file (the SEA build itself runs in test/acceptance/install-provider.test.ts).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { builtExecutable, builtExecutablePath } from "../../../src/cli/built-executables";
import { STALE_AFTER_MS } from "../../../src/provider-package/cache-dir";

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
  expect(builtExecutable(file, build("exe 1"))).toEqual({ code: Buffer.from("exe 1"), reused: false });
  expect(builtExecutable(file, build("exe 2"))).toEqual({ code: Buffer.from("exe 1"), reused: true });
  expect(builds).toEqual(["exe 1"]);
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
    builtExecutable(file, () => {
      throw new Error("postject failed");
    }),
  ).toThrow("postject failed");
  expect(fs.existsSync(file)).toBe(false);
  expect(builtExecutable(file, () => Buffer.from("exe")).reused).toBe(false);
});

test("a new build removes the executables no install used for a week; a reuse keeps its file", () => {
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 3600 * 1000);
  const [old, used, recent, fresh] = ["v1", "v2", "v3", "v4"].map((v) =>
    builtExecutablePath("linux_amd64", Buffer.from(`script ${v}`), cacheDir),
  );
  for (const file of [old, used, recent]) builtExecutable(file, () => Buffer.from(file));
  for (const [file, days] of [
    [old, 10],
    [used, 10],
    [recent, 6],
  ] as const)
    fs.utimesSync(file, daysAgo(days), daysAgo(days));
  // `used` was built 10 days ago and installed again today
  expect(builtExecutable(used, () => Buffer.from("rebuilt"), new Date(now)).reused).toBe(true);
  expect(now - fs.statSync(old).mtimeMs).toBeGreaterThan(STALE_AFTER_MS);

  builtExecutable(fresh, () => Buffer.from("v4"), new Date(now));
  const left = fs.readdirSync(path.dirname(fresh)).sort();
  expect(left).toEqual([used, recent, fresh].map((f) => path.basename(f)).sort());
});
