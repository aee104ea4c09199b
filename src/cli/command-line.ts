// How `appmgmt review` and `appmgmt sim` start, written once: --help prints the usage (exit 0), and a
// wrong command line is one line "appmgmt <name>: <message>" (exit 2), before any work starts.

export type CommandLine<T> = { ok: true; options: T } | { ok: false; exitCode: 0 | 2 };

/** `isUsageError` picks the errors of `parse` that are the command line's fault; others are thrown on. */
export function readCommandLine<T>(
  name: string,
  usage: string,
  args: string[],
  parse: (args: string[]) => T,
  isUsageError: (e: unknown) => boolean = () => true,
): CommandLine<T> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return { ok: false, exitCode: 0 };
  }
  try {
    return { ok: true, options: parse(args) };
  } catch (e) {
    if (!isUsageError(e)) throw e;
    console.error(`appmgmt ${name}: ${(e as Error).message}`);
    return { ok: false, exitCode: 2 };
  }
}
