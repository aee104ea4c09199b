// `appmgmt sim`: runs the simulated service until SIGINT/SIGTERM (ARCHITECTURE.md §7).
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadSeedFile, startSimulator, type StartSimulatorOptions } from "../simulator";
import { readCommandLine } from "./command-line";

export const SIM_USAGE = `Usage: appmgmt sim [options]

Runs a simulator of the Application Management Service on your machine. The first line it prints is
"appmgmt simulator listening on http://HOST:PORT" (https with --tls-cert); point the provider's base_url at that address.
Without --seed it serves the built-in demo data (user demo@example.com; docs/simulator.md in this package
lists its password, refresh token, organization, environments and applications). Ctrl-C (SIGINT) or SIGTERM stops it cleanly.

Options:
  --port P               port to listen on (default 0: any free port, printed on the first line)
  --host H               address to listen on (default 127.0.0.1)
  --seed FILE            seed data (YAML): users, organizations, environments (properties, markers,
                         policies), applications, instances, timing; docs/simulator.md shows the format
  --state FILE           keep the service's data in FILE across restarts; an existing FILE wins over --seed.
                         The flags below are not saved: each start has the seed's values unless given again
  --tls-cert FILE        serve HTTPS with this certificate (PEM, chain allowed); needs --tls-key
  --tls-key FILE         the certificate's private key (PEM)
  --launch-ms N          duration of a launch workflow in milliseconds (default: the seed's, else 1500)
  --reconfigure-ms N     duration of a reconfigure workflow in milliseconds (default: the seed's, else 1000)
  --destroy-ms N         duration of a destroy workflow in milliseconds (default: the seed's, else 1000)
  --jwt-lifetime S       session token lifetime in seconds (default 3600)
  --flood-max-tokens N   token requests per user allowed within the window before a block (default 5)
  --flood-window-ms N    the flood window in milliseconds (default 60000)
  --flood-block-ms N     how long a flooding user stays blocked, in milliseconds (default 300000)
  --fault-rate R         share (0..1) of API and token calls answered with a fault status (default 0)
  --fault-statuses LIST  comma-separated statuses for faults (default 500,502,503,429)
  --fault-latency-ms N   delay added to every API and token call (default 0)
  --fault-reset-rate R   share (0..1) of API and token calls whose connection is reset (default 0)
  --fault-seed N         seed of the fault generator, for reproducible runs (default 1)
  --status-words W       answer statuses in the current words (default) or the older ones: Active, Launching, Error
  -h, --help             show this help`;

const NUMBER_FLAGS = [
  "port",
  "launch-ms",
  "reconfigure-ms",
  "destroy-ms",
  "jwt-lifetime",
  "flood-max-tokens",
  "flood-window-ms",
  "flood-block-ms",
  "fault-rate",
  "fault-latency-ms",
  "fault-reset-rate",
  "fault-seed",
] as const;

type NumberFlag = (typeof NUMBER_FLAGS)[number];

const OPTIONS = {
  host: { type: "string" },
  seed: { type: "string" },
  state: { type: "string" },
  "tls-cert": { type: "string" },
  "tls-key": { type: "string" },
  "fault-statuses": { type: "string" },
  "status-words": { type: "string" },
  ...Object.fromEntries(NUMBER_FLAGS.map((f) => [f, { type: "string" }])),
} as const;

export class UsageError extends Error {}

/** Simulator options from `appmgmt sim` arguments (--help is handled before); throws naming the bad flag. */
export function parseSimArgs(args: string[]): StartSimulatorOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (e) {
    const flag = /'([^']+)'/.exec((e as Error).message)?.[1];
    const code = (e as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
      throw new UsageError(`unknown flag ${flag}; see appmgmt sim --help`);
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL")
      throw new UsageError(
        `unexpected argument ${flag}; appmgmt sim takes only flags, see appmgmt sim --help`,
      );
    throw new UsageError(`${(e as Error).message.split(".")[0]}; see appmgmt sim --help`);
  }
  const num = (flag: NumberFlag, max = Number.MAX_SAFE_INTEGER): number | undefined => {
    const text = values[flag] as string | undefined;
    if (text === undefined) return undefined;
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > max)
      throw new UsageError(`--${flag} must be a number between 0 and ${max}, got ${JSON.stringify(text)}`);
    return value;
  };
  const timing = {
    launchMs: num("launch-ms"),
    reconfigureMs: num("reconfigure-ms"),
    destroyMs: num("destroy-ms"),
  };
  const flood = {
    maxTokens: num("flood-max-tokens"),
    windowMs: num("flood-window-ms"),
    blockMs: num("flood-block-ms"),
  };
  const statuses = (values["fault-statuses"] as string | undefined)?.split(",").map((s) => {
    const status = Number(s.trim());
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new UsageError(
        `--fault-statuses must list 4xx/5xx codes such as 503,429, got ${JSON.stringify(s)}`,
      );
    return status;
  });
  const statusWords = values["status-words"] as string | undefined;
  if (statusWords !== undefined && statusWords !== "current" && statusWords !== "older")
    throw new UsageError(`--status-words must be current or older, got ${JSON.stringify(statusWords)}`);
  return {
    statusWords,
    tls: tlsFiles(values["tls-cert"] as string | undefined, values["tls-key"] as string | undefined),
    host: (values.host as string | undefined) ?? "127.0.0.1",
    port: num("port", 65535) ?? 0,
    statePath: values.state as string | undefined,
    seed: values.seed === undefined ? undefined : loadSeedFile(values.seed as string),
    timing: withoutUndefined(timing),
    jwtLifetimeSeconds: num("jwt-lifetime"),
    flood: withoutUndefined(flood),
    faults: {
      rate: num("fault-rate", 1),
      statuses,
      latencyMs: num("fault-latency-ms"),
      resetRate: num("fault-reset-rate", 1),
      seed: num("fault-seed"),
    },
  };
}

/** The certificate and key named by --tls-cert/--tls-key (both or neither), read now so a bad path fails early. */
function tlsFiles(certFile: string | undefined, keyFile: string | undefined): StartSimulatorOptions["tls"] {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined)
    throw new UsageError("--tls-cert and --tls-key go together: give the certificate and its private key");
  const read = (flag: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (e) {
      throw new UsageError(`${flag} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
  return { cert: read("--tls-cert", certFile), key: read("--tls-key", keyFile) };
}

function withoutUndefined<T extends object>(o: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

/** Runs the simulator; resolves with the exit code once a signal has stopped it. */
export async function simCommand(args: string[]): Promise<number> {
  // Every error reading the arguments is a usage error here, a bad --seed file's included.
  const command = readCommandLine("sim", SIM_USAGE, args, parseSimArgs);
  if (!command.ok) return command.exitCode;
  const options = command.options;
  // An existing state file wins over --seed (startSimulator ignores the seed then).
  const resumed = options.statePath !== undefined && existsSync(options.statePath);
  const running = await startSimulator(options);
  console.log(`appmgmt simulator listening on ${running.url}`);
  const data = resumed ? "saved state" : options.seed ? "seed file" : "built-in demo";
  console.log(`data: ${data}; state: ${options.statePath ?? "in memory"}; stop with Ctrl-C`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await running.close();
  console.log("appmgmt simulator stopped");
  return 0;
}
