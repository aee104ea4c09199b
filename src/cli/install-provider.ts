// `appmgmt install-provider`: puts the provider where terraform and OpenTofu look for providers offline
// (the implied local mirror under the home directory, or an explicit filesystem mirror given with --dir),
// for this platform or the ones asked for, under both registry hosts: the platform's single executable
// (built here, src/cli/sea.ts) where it has one, else the script (provider-artifact.ts); --script takes
// the script where it can run. See ARCHITECTURE.md §5 "Install" for the trade (time and bytes of each).
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";
import { cachedBuild, builtExecutablePath } from "./built-executables";
import { hostPlatform } from "./node-binary";
import {
  executableFileName,
  EXECUTABLE_NAME,
  readArtifact,
  REGISTRY_HOSTS,
} from "../provider-package/provider-artifact";
import {
  checkPlatform,
  impliedMirrorDir,
  isExecutablePlatform,
  terraformPlatform,
  WINDOWS_EXE_ONLY,
} from "../provider-package/terraform-platform";

export interface InstallProviderOptions {
  /** Filesystem mirror root; default: the implied local mirror ~/.terraform.d/plugins. */
  dir?: string;
  /** terraform `<os>_<arch>` names; default: this machine's. */
  platforms?: string[];
  /** Progress lines (building, fetching, where the provider is installed). */
  log?: (message: string) => void;
  /**
   * Install the JavaScript file (run by the `node` on terraform's PATH) even where the platform has a
   * single executable: 0.1 s and 0.7 MB instead of about 5 s and 120 MB. Not for Windows, where
   * terraform runs only .exe files. Default false: the executable where there is one.
   */
  script?: boolean;
  /**
   * Where the executables built (one per provider script and platform, reused by the next install) and
   * the fetched Node binaries are kept. Default: APPMGMT_CACHE_DIR, else $XDG_CACHE_HOME/appmgmt, else
   * ~/.cache/appmgmt.
   */
  cacheDir?: string;
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

/** What goes into a platform's directory: bytes (the script), or a copy of a file (a cached executable). */
type ProviderFile = { name: string } & ({ code: Buffer } | { copyOf: string });

/**
 * Writes `file` as the executable `target`, atomically: a running terraform never sees half a file.
 * With `same` (the file already written for the other registry host) it links it instead of a second
 * copy: an executable is 120 MB. A file system without hard links gets a copy.
 */
function writeExecutable(target: string, file: ProviderFile, same?: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // The temporary name does not start with "terraform-provider-", so terraform never takes it for one.
  const tmp = path.join(path.dirname(target), `.install-${process.pid}.tmp`);
  try {
    fs.rmSync(tmp, { force: true });
    if (!same || !tryLink(same, tmp)) {
      if ("copyOf" in file) fs.copyFileSync(file.copyOf, tmp);
      else fs.writeFileSync(tmp, file.code);
      fs.chmodSync(tmp, 0o755); // explicit: the umask filters a new file's mode; a copy keeps the cache's
    }
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function tryLink(existing: string, link: string): boolean {
  try {
    fs.linkSync(existing, link);
    return true;
  } catch {
    return false;
  }
}

/** What goes into `platform`'s directory: the executable unless the script is asked for and can run. */
function providerFile(
  platform: string,
  artifact: Buffer,
  opts: InstallProviderOptions,
  log: (message: string) => void,
): ProviderFile {
  if (!isExecutablePlatform(platform) || opts.script) return { name: EXECUTABLE_NAME, code: artifact };
  const windows = platform.startsWith("windows_");
  const cached = builtExecutablePath(platform, artifact, opts.cacheDir);
  // Loaded only here: a script install never reads the SEA code.
  const { buildExecutable } = require("./sea") as typeof import("./sea");
  const build = () => {
    log(
      `building the ${platform} executable (Node.js inside, about 5 s${windows ? "" : "; --script skips it"})`,
    );
    return buildExecutable(platform, artifact, {
      hostPlatform: hostPlatform(),
      cacheDir: opts.cacheDir,
      log,
    });
  };
  try {
    if (cachedBuild(cached, build).reused)
      log(`the ${platform} executable of this provider script was built before: taken from ${cached}`);
    return { name: executableFileName(platform), copyOf: cached };
  } catch (e) {
    if (windows) throw e;
    const message = `${(e as Error).message}; or pass --script to install the JavaScript file`;
    throw new Error(message, { cause: e });
  }
}

/** The platforms to install; refuses --script for Windows before anything is written. */
function platformsOf(opts: InstallProviderOptions): string[] {
  const platforms = opts.platforms?.length ? opts.platforms.map(checkPlatform) : [terraformPlatform()];
  const windows = platforms.find((p) => p.startsWith("windows_"));
  if (opts.script && windows)
    throw new Error(`--script for ${windows}: ${WINDOWS_EXE_ONLY}; leave out --script`);
  return platforms;
}

export async function installProvider(opts: InstallProviderOptions = {}): Promise<InstalledProvider> {
  const log = opts.log ?? (() => undefined);
  const platforms = platformsOf(opts);
  const mirror = path.resolve(opts.dir ?? impliedMirrorDir());
  const artifact = readArtifact();
  const [, namespace, type] = PROVIDER_SOURCE.split("/");
  const paths: string[] = [];
  for (const platform of platforms) {
    const file = providerFile(platform, artifact, opts, log);
    let first: string | undefined;
    for (const host of REGISTRY_HOSTS) {
      const target = path.join(mirror, host, namespace, type, PROVIDER_VERSION, platform, file.name);
      writeExecutable(target, file, first);
      first ??= target;
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

const USAGE = `Usage: appmgmt install-provider [--dir DIR] [--platform OS_ARCH ...] [--script]

Installs the appmgmt terraform provider under registry.terraform.io/ and registry.opentofu.org/
  - by default into the implied local mirror (~/.terraform.d/plugins/, on Windows
    %APPDATA%\\terraform.d\\plugins\\), which terraform and OpenTofu search with no CLI configuration (as
    long as the CLI configuration has no provider_installation block);
  - with --dir DIR into the filesystem mirror DIR; the command prints the CLI configuration that uses it.

What it installs for a platform:
  linux_amd64, linux_arm64, windows_amd64
      the provider's single executable (Node.js inside: terraform needs no node), built here in about
      5 s from the npm registry's node-<os>-<arch> package (fetched once, about 50 MB, kept in
      ~/.cache/appmgmt, as is the executable: the next install of the same provider takes it from
      there); 120 MB, linked once for both registry hosts
  darwin_*, the BSDs, 386, arm
      the JavaScript file (0.7 MB), which terraform runs with the \`node\` on its PATH (Node.js >= 20.18)
A cdktf stack's lock entry (written by AppMgmtProvider at synth) records the hash of what is installed.

Options:
  --dir DIR             install into the filesystem mirror DIR instead of the implied local mirror
  --platform OS_ARCH    install for this platform (repeatable; default: this machine's), e.g. linux_amd64,
                        darwin_arm64, windows_amd64
  --script              install the JavaScript file where the platform has an executable too: 0.1 s and
                        0.7 MB instead of 5 s and 120 MB, for machines whose terraform has node on its
                        PATH (not windows_amd64: terraform there runs only .exe files)
  -h, --help            show this help`;

/** The `appmgmt install-provider` subcommand; resolves to the process exit code. */
export async function installProviderCommand(args: string[]): Promise<number> {
  let values: { dir?: string; platform?: string[]; script?: boolean; help?: boolean };
  try {
    values = parseArgs({
      args,
      options: {
        dir: { type: "string" },
        platform: { type: "string", multiple: true },
        script: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
    platformsOf({ platforms: values.platform, script: values.script });
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
    script: values.script,
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
