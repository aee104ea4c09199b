// `appmgmt install-provider`: bundles the provider into one executable file and places it where
// terraform and OpenTofu look for providers offline (the implied local mirror under the home directory,
// or an explicit filesystem mirror given with --dir). See DESIGN §5 "Install".
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { build } from "esbuild";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";

export interface InstallProviderOptions {
  /** Filesystem mirror root; default: the implied local mirror ~/.terraform.d/plugins. */
  dir?: string;
  /** Progress lines (what is being built and where). */
  log?: (message: string) => void;
  /** Minify the bundle (default true); benches profile an unminified one, whose function names stay. */
  minify?: boolean;
}

export interface InstalledProvider {
  /** Absolute path of the installed executable. */
  path: string;
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

/** terraform's `<os>_<arch>` name of this machine's platform. */
export function terraformPlatform(): string {
  const osName = TERRAFORM_OS[process.platform];
  const arch = TERRAFORM_ARCH[process.arch];
  if (!osName || !arch) {
    throw new Error(
      `install-provider supports Linux, macOS and the BSDs on x64/arm64/386/arm (this is ${process.platform}/${process.arch}): ` +
        `run it on one of those, or run the provider with \`terraform-provider-appmgmt --debug\` and TF_REATTACH_PROVIDERS`,
    );
  }
  return `${osName}_${arch}`;
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

/**
 * The interpreter line. terraform executes the provider with its own environment, where node may not be
 * on PATH (IDEs, nvm shells, CI steps), so the node that runs the installer is written in absolutely.
 * Linux truncates interpreter lines at 127 bytes and splits them at spaces: such paths fall back to env.
 */
function interpreterLine(): string {
  const node = process.execPath;
  return node.length <= 120 && !/\s/.test(node) ? `#!${node}` : "#!/usr/bin/env node";
}

/** The provider entry point: from src/ under ts-jest (provider-main.ts), from lib/ in the package (.js). */
function providerEntry(): string {
  return require.resolve(path.join(__dirname, "..", "cli", "provider-main"));
}

async function bundleProvider(minify: boolean): Promise<string> {
  const result = await build({
    entryPoints: [providerEntry()],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify,
    sourcemap: false,
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  // esbuild keeps an entry point's own "#!" line; ours replaces it.
  const code = result.outputFiles[0].text.replace(/^#![^\n]*\n/, "");
  return `${interpreterLine()}\n${code}`;
}

export async function installProvider(opts: InstallProviderOptions = {}): Promise<InstalledProvider> {
  const log = opts.log ?? (() => undefined);
  const version = PROVIDER_VERSION;
  const mirror = path.resolve(opts.dir ?? impliedMirrorDir());
  const targetDir = path.join(mirror, ...PROVIDER_SOURCE.split("/"), version, terraformPlatform());
  const target = path.join(targetDir, `terraform-provider-appmgmt_v${version}`);

  log(`bundling the provider (${path.relative(process.cwd(), providerEntry())})`);
  const code = await bundleProvider(opts.minify ?? true);
  fs.mkdirSync(targetDir, { recursive: true });
  // Write beside the target and rename: a terraform running meanwhile never sees a half-written file.
  // The temporary name does not start with "terraform-provider-", so terraform never takes it for one.
  const tmp = path.join(targetDir, `.install-${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, code);
    fs.chmodSync(tmp, 0o755); // explicit: writeFileSync's mode is filtered by the umask
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  log(`installed ${target} (${Math.round(code.length / 1024)} KiB)`);
  return { path: target, version, snippet: requiredProvidersSnippet(version) };
}

const USAGE = `Usage: appmgmt install-provider [--dir DIR]

Bundles the appmgmt terraform provider into one executable file and installs it
  - by default into the implied local mirror ~/.terraform.d/plugins/, which terraform and OpenTofu
    search with no CLI configuration (as long as the CLI configuration has no provider_installation block);
  - with --dir DIR into the filesystem mirror DIR; the command prints the CLI configuration that uses it.

The provider runs with the node that ran this command.

Options:
  --dir DIR   install into the filesystem mirror DIR instead of ~/.terraform.d/plugins
  --help      show this help`;

/** The `appmgmt install-provider` subcommand; resolves to the process exit code. */
export async function installProviderCommand(args: string[]): Promise<number> {
  let dir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      return 0;
    } else if (arg === "--dir" && args[i + 1] !== undefined) {
      dir = args[++i];
    } else if (arg.startsWith("--dir=")) {
      dir = arg.slice("--dir=".length);
    } else {
      console.error(
        arg === "--dir"
          ? "install-provider: --dir needs a directory, e.g. --dir ./providers"
          : `install-provider: unknown argument ${JSON.stringify(arg)}; see appmgmt install-provider --help`,
      );
      return 2;
    }
  }
  const installed = await installProvider({ dir, log: (m) => console.log(m) });
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
