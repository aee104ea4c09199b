// The `appmgmt` command (DESIGN §7): a table of subcommands, each `(args) => Promise<exit code>`.

interface Subcommand {
  name: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

// Subcommand table (`appmgmt review PLAN.json` comes with a later issue). Each module loads only when its
// command runs (install-provider brings esbuild, sim the whole simulator). require, not import(): the
// TypeScript require hook of the scripts sees only require.
const SUBCOMMANDS: Subcommand[] = [
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
    name: "session",
    summary: "create a session token for many pipeline jobs to share (session create)",
    run: (args) => (require("./session") as typeof import("./session")).sessionCommand(args),
  },
];

export function usage(): string {
  const width = Math.max(...SUBCOMMANDS.map((c) => c.name.length)) + 2;
  return [
    "Usage: appmgmt <command> [options]",
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
