// The `appmgmt` command (ARCHITECTURE.md §7): a table of subcommands, each `(args) => Promise<exit code>`.
// Every subcommand answers `--help` itself (test/unit/cli/main.test.ts checks each entry of the table).
import * as fs from "node:fs";
import * as path from "node:path";

interface Subcommand {
  name: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

// Subcommand table. Each module loads only when its command runs (sim brings the whole simulator,
// review the rules and the manifest parser). require, not import(): the
// TypeScript require hook of the scripts sees only require.
export const SUBCOMMANDS: Subcommand[] = [
  {
    name: "sim",
    summary: "run the simulator of the Application Management Service",
    run: (args) => (require("./sim") as typeof import("./sim")).simCommand(args),
  },
  {
    name: "install-provider",
    summary: "install the terraform provider where terraform and OpenTofu find it offline",
    run: (args) =>
      (require("./install-provider") as typeof import("./install-provider")).installProviderCommand(args),
  },
  {
    name: "package",
    summary: "write the provider's registry release files (zips, SHA256SUMS, manifest)",
    run: (args) => (require("./package") as typeof import("./package")).packageCommand(args),
  },
  {
    name: "review",
    summary: "review a terraform plan (terraform show -json) for a pull request",
    run: (args) => (require("./review") as typeof import("./review")).reviewCommand(args),
  },
  {
    name: "discover",
    summary: "write import blocks or constructs that adopt the instances an environment already runs",
    run: (args) => (require("./discover") as typeof import("./discover")).discoverCommand(args),
  },
  {
    name: "session",
    summary: "create a session token for many pipeline jobs to share (session create)",
    run: (args) => (require("./session") as typeof import("./session")).sessionCommand(args),
  },
];

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
