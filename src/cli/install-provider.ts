// `appmgmt install-provider`: copies the provider artifact (built once, see provider-artifact.ts) where
// terraform and OpenTofu look for providers offline (the implied local mirror under the home directory,
// or an explicit filesystem mirror given with --dir), for this platform or the ones asked for, under
// both registry hosts. See ARCHITECTURE.md §5 "Install".
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";
import { hostPlatform, isExecutablePlatform } from "./node-binary";
import { executableFileName, EXECUTABLE_NAME, readArtifact, REGISTRY_HOSTS } from "./provider-artifact";

export interface InstallProviderOptions {
  /** Filesystem mirror root; default: the implied local mirror ~/.terraform.d/plugins. */
  dir?: string;
  /** terraform `<os>_<arch>` names; default: this machine's. */
  platforms?: string[];
  /** Progress lines (where the provider is installed). */
  log?: (message: string) => void;
  /**
   * Install the platform's single executable (src/cli/sea.ts, built here: needs no Node where terraform
   * runs) instead of the script, for each platform that has one. Default false: the script is the same
   * bytes everywhere, which is the hash `AppMgmtProvider` writes into a cdktf stack's lock file.
   */
  executable?: boolean;
}

export interface InstalledProvider {
  /** Absolute path of the first executable written (registry.terraform.io, the first platform). */
  path: string;
  /** Every executable written. */
  paths: string[];
  version: string;
  /** The `required_providers` block a configuration needs to use this provider. */
  snippet: string;
}

/** Everything under this pattern comes from the mirror; nothing else is affected. */
export const PROVIDER_MIRROR_PATTERN = "registry.terraform.io/appmgmt/*";

const TERRAFORM_OS: Partial<Record<NodeJS.Platform, string>> = {
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

const WINDOWS_UNSUPPORTED =
  "Windows is not supported: terraform starts a provider with CreateProcess, which runs only .exe " +
  "files, and install-provider installs the node script; take the windows_amd64 zip that `appmgmt " +
  "package` writes (an .exe that needs no Node) through a registry or mirror, or run terraform in WSL";

/** terraform's `<os>_<arch>` name of this machine's platform. */
export function terraformPlatform(): string {
  const osName = TERRAFORM_OS[process.platform];
  const arch = TERRAFORM_ARCH[process.arch];
  if (!osName || !arch) {
    throw new Error(
      process.platform === "win32"
        ? WINDOWS_UNSUPPORTED
        : `install-provider supports Linux, macOS and the BSDs on x64/arm64/386/arm (this is ` +
            `${process.platform}/${process.arch}): pass --platform for the machine terraform runs on`,
    );
  }
  return `${osName}_${arch}`;
}

/** Checks a `--platform` value; throws naming the accepted forms. */
export function checkPlatform(platform: string): string {
  const [osName, arch, ...rest] = platform.split("_");
  if (osName === "windows") throw new Error(`--platform ${platform}: ${WINDOWS_UNSUPPORTED}`);
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

export function impliedMirrorDir(): string {
  return path.join(os.homedir(), ".terraform.d", "plugins");
}

export function requiredProvidersSnippet(version: string = PROVIDER_VERSION): string {
  return [
    "terraform {",
    "  required_providers {",
    "    appmgmt = {",
    `      source  = "${PROVIDER_SOURCE}"`,
    `      version = "${version}"`,
    "    }",
    "  }",
    "}",
  ].join("\n");
}

/**
 * The CLI configuration that makes terraform take appmgmt from the filesystem mirror at `dir` and
 * every other provider from its registry as usual (point TF_CLI_CONFIG_FILE at a file holding it).
 */
export function filesystemMirrorCliConfig(dir: string): string {
  return [
    "provider_installation {",
    "  filesystem_mirror {",
    `    path    = ${JSON.stringify(path.resolve(dir))}`,
    `    include = ["${PROVIDER_MIRROR_PATTERN}"]`,
    "  }",
    "  direct {",
    `    exclude = ["${PROVIDER_MIRROR_PATTERN}"]`,
    "  }",
    "}",
  ].join("\n");
}

/** Writes `code` as the executable `target`, atomically: a running terraform never sees half a file. */
function writeExecutable(target: string, code: Buffer): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // The temporary name does not start with "terraform-provider-", so terraform never takes it for one.
  const tmp = path.join(path.dirname(target), `.install-${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, code);
    fs.chmodSync(tmp, 0o755); // explicit: writeFileSync's mode is filtered by the umask
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export async function installProvider(opts: InstallProviderOptions = {}): Promise<InstalledProvider> {
  const log = opts.log ?? (() => undefined);
  const platforms = opts.platforms?.length ? opts.platforms.map(checkPlatform) : [terraformPlatform()];
  const mirror = path.resolve(opts.dir ?? impliedMirrorDir());
  const artifact = readArtifact();
  const [, namespace, type] = PROVIDER_SOURCE.split("/");
  const paths: string[] = [];
  for (const platform of platforms) {
    let file = { name: EXECUTABLE_NAME, code: artifact };
    if (opts.executable && isExecutablePlatform(platform)) {
      log(`building the ${platform} executable`);
      // Loaded only here: the script install (tests, quickstart) never reads the SEA code.
      const { buildExecutable } = require("./sea") as typeof import("./sea");
      const code = buildExecutable(platform, artifact, { hostPlatform: hostPlatform(), log });
      file = { name: executableFileName(platform), code };
    }
    for (const host of REGISTRY_HOSTS) {
      const target = path.join(mirror, host, namespace, type, PROVIDER_VERSION, platform, file.name);
      writeExecutable(target, file.code);
      paths.push(target);
      log(`installed ${target}`);
    }
  }
  return {
    path: paths[0],
    paths,
    version: PROVIDER_VERSION,
    snippet: requiredProvidersSnippet(PROVIDER_VERSION),
  };
}

const USAGE = `Usage: appmgmt install-provider [--dir DIR] [--platform OS_ARCH ...]

Installs the appmgmt terraform provider (one executable file, the same bytes on every machine) under
registry.terraform.io/ and registry.opentofu.org/
  - by default into the implied local mirror ~/.terraform.d/plugins/, which terraform and OpenTofu
    search with no CLI configuration (as long as the CLI configuration has no provider_installation block);
  - with --dir DIR into the filesystem mirror DIR; the command prints the CLI configuration that uses it.

terraform runs the provider with the \`node\` on its PATH (Node.js >= 20.18). With --executable it installs
the platform's single executable instead (linux_amd64, linux_arm64: Node inside, no node needed where
terraform runs; built here from the npm registry's node-<os>-<arch> package, fetched once). The darwin
platforms have no executable and get the script.

Options:
  --dir DIR             install into the filesystem mirror DIR instead of ~/.terraform.d/plugins
  --platform OS_ARCH    install for this platform (repeatable; default: this machine's), e.g. linux_amd64,
                        darwin_arm64; windows is not supported (terraform runs only .exe providers there)
  --executable          install the single executable where the platform has one (see above)
  -h, --help            show this help`;

/** The `appmgmt install-provider` subcommand; resolves to the process exit code. */
export async function installProviderCommand(args: string[]): Promise<number> {
  let values: { dir?: string; platform?: string[]; executable?: boolean; help?: boolean };
  try {
    values = parseArgs({
      args,
      options: {
        dir: { type: "string" },
        platform: { type: "string", multiple: true },
        executable: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
    values.platform?.forEach(checkPlatform);
  } catch (e) {
    console.error(`install-provider: ${(e as Error).message}; see appmgmt install-provider --help`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const { dir } = values;
  const installed = await installProvider({
    dir,
    platforms: values.platform,
    executable: values.executable,
    log: (m) => console.log(m),
  });
  console.log(`\nappmgmt provider ${installed.version} is installed. Use it in your configuration with:\n`);
  console.log(installed.snippet);
  if (dir !== undefined) {
    console.log(
      "\nterraform finds it through this CLI configuration: save it to a file and export\n" +
        "TF_CLI_CONFIG_FILE=<that file> (or add the block to ~/.terraformrc):\n",
    );
    console.log(filesystemMirrorCliConfig(dir));
  }
  return 0;
}
