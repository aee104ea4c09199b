// terraform's names for this machine: its platform (`<os>_<arch>`, as in a provider's release and mirror
// paths) and the implied local mirror it searches. Both install-provider and the cdktf lock entry
// (src/constructs/provider-lock.ts) need them, so they live apart from the install command.
import * as os from "node:os";
import * as path from "node:path";

const TERRAFORM_OS: Partial<Record<NodeJS.Platform, string>> = {
  win32: "windows",
  linux: "linux",
  darwin: "darwin",
  freebsd: "freebsd",
  openbsd: "openbsd",
};
const TERRAFORM_ARCH: Partial<Record<string, string>> = {
  x64: "amd64",
  arm64: "arm64",
  ia32: "386",
  arm: "arm",
};

/** Why Windows gets the .exe only: terraform starts a provider with CreateProcess. */
export const WINDOWS_EXE_ONLY =
  "terraform on Windows starts a provider with CreateProcess, which runs only .exe files, and " +
  "windows_amd64 is the Windows platform with an executable";

/** terraform's `<os>_<arch>` name of this machine's platform. */
export function terraformPlatform(): string {
  const osName = TERRAFORM_OS[process.platform];
  const arch = TERRAFORM_ARCH[process.arch];
  if (!osName || !arch) {
    throw new Error(
      `install-provider supports Linux, macOS and the BSDs on x64/arm64/386/arm and Windows on x64 ` +
        `(this is ${process.platform}/${process.arch}): pass --platform for the machine terraform runs on`,
    );
  }
  return checkPlatform(`${osName}_${arch}`);
}

/** Checks a platform name (`--platform` or this machine's); throws naming the accepted forms. */
export function checkPlatform(platform: string): string {
  const [osName, arch, ...rest] = platform.split("_");
  if (osName === "windows" && !isExecutablePlatform(platform))
    throw new Error(`--platform ${platform} is not supported: ${WINDOWS_EXE_ONLY}`);
  const osNames = Object.values(TERRAFORM_OS);
  const archs = Object.values(TERRAFORM_ARCH);
  if (rest.length || !osNames.includes(osName) || !archs.includes(arch)) {
    throw new Error(
      `--platform ${JSON.stringify(platform)} is not a platform this provider runs on: use OS_ARCH ` +
        `with OS one of ${osNames.join(", ")} and ARCH one of ${archs.join(", ")}, e.g. darwin_arm64`,
    );
  }
  return platform;
}

/** The implied local mirror install-provider writes by default (terraform's first one on the OS). */
export function impliedMirrorDir(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === "win32" && env.APPDATA) return path.join(env.APPDATA, "terraform.d", "plugins");
  return path.join((process.platform !== "win32" && env.HOME) || os.homedir(), ".terraform.d", "plugins");
}

/** Platforms (terraform's names) whose provider is a single executable application (src/cli/sea.ts). */
export const EXECUTABLE_PLATFORM_NAMES = ["linux_amd64", "linux_arm64", "windows_amd64"] as const;

export type ExecutablePlatform = (typeof EXECUTABLE_PLATFORM_NAMES)[number];

export function isExecutablePlatform(platform: string): platform is ExecutablePlatform {
  return (EXECUTABLE_PLATFORM_NAMES as readonly string[]).includes(platform);
}
