import type { HandlerSource } from "./rpc/context";
import { createLogger, type Logger } from "../terraform-model";
import { removeSocket, startProviderServer } from "./server";

// go-plugin, plugin side: environment checks, the handshake line and the process lifecycle.

export const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
export const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
export const PROVIDER_ADDRESS = "registry.terraform.io/appmgmt/appmgmt";
const PROTOCOL_VERSION = 6;

/** Why this process cannot serve terraform, or undefined when it can. */
export function checkPluginEnvironment(env: NodeJS.ProcessEnv): string | undefined {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    return [
      "This binary is a plugin for Terraform (the appmgmt provider). It is not meant to be run directly:",
      "terraform starts it when a configuration uses the provider registry.terraform.io/appmgmt/appmgmt.",
      "To install it, run `npx --no-install appmgmt install-provider`. To debug it, run it with --debug and follow the",
      "instructions it prints (TF_REATTACH_PROVIDERS).",
    ].join("\n");
  }
  const offered = env.PLUGIN_PROTOCOL_VERSIONS;
  if (offered !== undefined && offered.trim() !== "") {
    const versions = offered.split(",").map((v) => Number(v.trim()));
    if (!versions.includes(PROTOCOL_VERSION)) {
      return `This provider speaks plugin protocol ${PROTOCOL_VERSION}, but terraform offered only ${offered}. Use terraform 1.0 or newer (or OpenTofu).`;
    }
  }
  return undefined;
}

export function handshakeLine(socketPath: string, certDer?: Buffer): string {
  const cert = certDer ? certDer.toString("base64").replace(/=+$/, "") : "";
  return `1|${PROTOCOL_VERSION}|unix|${socketPath}|grpc|${cert}\n`;
}

export function reattachInstructions(socketPath: string, pid: number): string {
  const reattach = {
    [PROVIDER_ADDRESS]: {
      Protocol: "grpc",
      ProtocolVersion: PROTOCOL_VERSION,
      Pid: pid,
      Test: true,
      Addr: { Network: "unix", String: socketPath },
    },
  };
  return [
    "Provider started in debug mode. In another shell, set this variable and run terraform there:",
    "",
    `\tTF_REATTACH_PROVIDERS='${JSON.stringify(reattach)}'`,
    "",
    "Stop the provider with Ctrl-C.",
    "",
  ].join("\n");
}

export interface ServeOptions {
  /** Serve without terraform starting the process; print TF_REATTACH_PROVIDERS instructions. */
  debug?: boolean;
  log?: Logger;
}

/**
 * A terraform that was killed (or crashed) never sends Shutdown. Its provider must not linger: it would
 * keep the socket and its memory, and its next log line, into a pipe nobody reads, raised an error that
 * the uncaught-exception handler logged into the same pipe, round and round at full CPU. So a broken
 * output ends the process (its socket file removed), and so does being left by the parent (checked every second).
 */
function exitWhenTerraformIsGone(socketPath: string): void {
  const exit = () => {
    removeSocket(socketPath);
    process.exit(1);
  };
  for (const output of [process.stdout, process.stderr]) output.on("error", exit);
  const terraform = process.ppid;
  setInterval(() => {
    if (process.ppid !== terraform) exit();
  }, 1000).unref();
}

/**
 * Serves the provider until terraform asks it to shut down (or, with debug, until SIGINT/SIGTERM).
 * `handler` may be a function loading the handler: it then runs after the handshake line.
 */
export async function serveProvider(handler: HandlerSource, opts: ServeOptions = {}): Promise<void> {
  const log = opts.log ?? createLogger();
  const env = process.env;
  if (!opts.debug) {
    const problem = checkPluginEnvironment(env);
    if (problem) {
      process.stderr.write(problem + "\n");
      process.exit(1);
    }
  }

  // A stray asynchronous error in provider code must not kill the process mid-apply: terraform
  // would lose the result of every call in flight.
  process.on("uncaughtException", (e) => log.error("uncaught exception", { error: e, stack: e.stack }));
  process.on("unhandledRejection", (e) => log.error("unhandled rejection", { error: e }));

  const server = await startProviderServer(handler, {
    log,
    socketDir: env.PLUGIN_UNIX_SOCKET_DIR,
    // terraform's reattach mode has no certificate exchange.
    clientCertPem: opts.debug ? undefined : env.PLUGIN_CLIENT_CERT,
    onShutdown: opts.debug ? undefined : () => process.exit(0),
  });
  const stop = (signal: string) => {
    log.info("stopping", { signal });
    void server.close().then(() => process.exit(0));
  };

  if (opts.debug) {
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.stdout.write(reattachInstructions(server.socketPath, process.pid));
  } else {
    // Ctrl-C reaches the whole process group; terraform itself answers it with StopProvider.
    process.on("SIGINT", () => log.debug("ignoring SIGINT; terraform sends StopProvider"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    exitWhenTerraformIsGone(server.socketPath);
    process.stdout.write(handshakeLine(server.socketPath, server.certDer));
  }
  log.debug("serving", { socket: server.socketPath, tls: Boolean(server.certDer) });
  // Load the provider while terraform connects.
  setImmediate(server.preload);
}
