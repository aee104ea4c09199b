// The `appmgmt` command (ARCHITECTURE.md §7): a table of subcommands, each `(args) => Promise<exit code>`.
// Every subcommand answers `--help` itself (test/unit/cli/main.test.ts checks each entry of the table).
import * as fs from "node:fs";
import * as path from "node:path";
import type * as Discover from "./discover";
import type * as InstallProvider from "./install-provider";
import type * as Package from "./package";
import type * as Review from "./review";
import type * as Session from "./session";
import type * as Sim from "./sim";

type Run = (args: string[]) => Promise<number>;

interface Subcommand {
  name: string;
  summary: string;
  run: Run;
}

/** What `appmgmt --help` says of each subcommand, in its order. */
const SUMMARIES = {
  sim: "run the simulator of the Application Management Service",
  "install-provider": "install the terraform provider where terraform and OpenTofu find it offline",
  package: "write the provider's registry release files (zips, SHA256SUMS, manifest)",
  review: "review a terraform plan (terraform show -json) for a pull request",
  discover: "write import blocks or constructs that adopt the instances an environment already runs",
  session: "create a session token for many pipeline jobs to share (session create)",
};

// Each subcommand's module loads only when it runs (sim brings the whole simulator, review the rules and
// the manifest parser); the type-only imports above load nothing. require, not import(): the TypeScript
// require hook of the scripts sees only require.
const LOADERS: { [name in keyof typeof SUMMARIES]: () => Run } = {
  sim: () => (require("./sim") as typeof Sim).simCommand,
  "install-provider": () => (require("./install-provider") as typeof InstallProvider).installProviderCommand,
  package: () => (require("./package") as typeof Package).packageCommand,
  review: () => (require("./review") as typeof Review).reviewCommand,
  discover: () => (require("./discover") as typeof Discover).discoverCommand,
  session: () => (require("./session") as typeof Session).sessionCommand,
};

export const SUBCOMMANDS: Subcommand[] = Object.entries(SUMMARIES).map(([name, summary]) => ({
  name,
  summary,
  run: (args) => LOADERS[name as keyof typeof SUMMARIES]()(args),
}));

/** The package's version (package.json is two levels up from src/cli and from lib/cli). */
export function packageVersion(): string {
  const file = path.join(__dirname, "..", "..", "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

export function usage(): string {
  const width = Math.max(...SUBCOMMANDS.map((c) => c.name.length)) + 2;
  return [
    "Usage: appmgmt <command> [options]",
    "",
    "Options:",
    "  --version, -v   print the version",
    "  --help, -h      show this help",
    "",
    "Commands:",
    ...SUBCOMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "Run `appmgmt <command> --help` for the options of a command.",
  ].join("\n");
}

/** Runs `appmgmt` with `argv` (without node and script); resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? console.error : console.log)(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    console.log(packageVersion());
    return 0;
  }
  const command = SUBCOMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(`appmgmt: unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args);
  } catch (e) {
    console.error(`appmgmt ${name}: ${(e as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
