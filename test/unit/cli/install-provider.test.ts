// install-provider's choice of what to install per platform and its option checks (no build, no
// terraform: the executable install runs in test/acceptance/install-provider.test.ts).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { installProvider, installProviderCommand } from "../../../src/cli/install-provider";
import { checkPlatform } from "../../../src/provider-package/terraform-platform";
import { ARTIFACT_PATH, EXECUTABLE_NAME } from "../../../src/provider-package/provider-artifact";
import { PROVIDER_VERSION } from "../../../src/provider/schema";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-install-"));
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const installed = (host: string, platform: string, name = EXECUTABLE_NAME) =>
  path.join(dir, host, "appmgmt", "appmgmt", PROVIDER_VERSION, platform, name);

test("windows_amd64 is a platform (its executable); other Windows platforms are refused with the reason", () => {
  expect(checkPlatform("windows_amd64")).toBe("windows_amd64");
  expect(() => checkPlatform("windows_arm64")).toThrow(
    "--platform windows_arm64 is not supported: terraform on Windows starts a provider with CreateProcess, " +
      "which runs only .exe files, and windows_amd64 is the Windows platform with an executable",
  );
});

test("a platform without an executable (darwin) gets the JavaScript file, with nothing built", async () => {
  const log: string[] = [];
  await installProvider({ dir, platforms: ["darwin_arm64"], log: (m) => log.push(m) });
  const script = fs.readFileSync(installed("registry.terraform.io", "darwin_arm64"));
  expect(script).toEqual(fs.readFileSync(ARTIFACT_PATH));
  expect(log.some((m) => m.startsWith("building"))).toBe(false);
});

test("--script installs the JavaScript file for a platform that has an executable, linked for OpenTofu's host", async () => {
  const log: string[] = [];
  const result = await installProvider({
    dir,
    platforms: ["linux_arm64"],
    script: true,
    log: (m) => log.push(m),
  });
  const forTerraform = installed("registry.terraform.io", "linux_arm64");
  const forTofu = installed("registry.opentofu.org", "linux_arm64");
  expect(result.paths).toEqual([forTerraform, forTofu]);
  expect(fs.readFileSync(forTerraform)).toEqual(fs.readFileSync(ARTIFACT_PATH));
  expect(fs.statSync(forTofu).ino).toBe(fs.statSync(forTerraform).ino);
  expect(fs.statSync(forTofu).mode & 0o777).toBe(0o755);
  expect(log).toEqual([`installed ${forTerraform}`, `installed ${forTofu}`]);
});

test("a second install replaces the files: no leftover temporary file, both hosts current", async () => {
  await installProvider({ dir, platforms: ["darwin_amd64"] });
  fs.writeFileSync(installed("registry.opentofu.org", "darwin_amd64"), "stale");
  await installProvider({ dir, platforms: ["darwin_amd64"] });
  expect(fs.readFileSync(installed("registry.opentofu.org", "darwin_amd64"))).toEqual(
    fs.readFileSync(ARTIFACT_PATH),
  );
  expect(fs.readdirSync(path.dirname(installed("registry.opentofu.org", "darwin_amd64")))).toEqual([
    EXECUTABLE_NAME,
  ]);
});

test("--script for windows_amd64 is refused before anything is written", async () => {
  await expect(
    installProvider({ dir, platforms: ["darwin_arm64", "windows_amd64"], script: true }),
  ).rejects.toThrow(
    "--script for windows_amd64: terraform on Windows starts a provider with CreateProcess, which runs only " +
      ".exe files, and windows_amd64 is the Windows platform with an executable; leave out --script",
  );
  expect(fs.readdirSync(dir)).toEqual([]);
  const err: string[] = [];
  jest.spyOn(console, "error").mockImplementation((line: string) => void err.push(line));
  expect(await installProviderCommand(["--script", "--platform", "windows_amd64", "--dir", dir])).toBe(2);
  expect(err).toEqual([expect.stringMatching(/^install-provider: --script for windows_amd64: .*--help$/)]);
});

test("--help describes the default (executable), --script and Windows", async () => {
  const out: string[] = [];
  jest.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
  expect(await installProviderCommand(["--help"])).toBe(0);
  const help = out.join("\n");
  expect(help).toContain("linux_amd64, linux_arm64, windows_amd64\n      the provider's single executable");
  expect(help).toMatch(/--script {14}install the JavaScript file where the platform has an executable too/);
  expect(help).toContain("not windows_amd64: terraform there runs only .exe files");
});
