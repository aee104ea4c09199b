// What the provider needs from the client (docs/dev/TEAM-CONTRACTS.md, "Client API"), and how it gets it:
// the client module (and undici with it) loads on the first ConfigureProvider, not at start-up.

import { setFlagsFromString } from "node:v8";
import type { AppMgmtClient } from "../client/client";
import type { CallName } from "../client/retry-policy";
import type { InstanceStatus } from "../client/types";
import type { WaitOptions as ClientWaitOptions } from "../client/waiters";
import type { ProviderSettings } from "./config";
import type { Logger } from "../protocol/log";

/** The client calls the provider makes (the fakes of the provider's unit tests implement these). */
export type ServiceClient = Pick<AppMgmtClient, Exclude<CallName, "token" | "forceDelete"> | "close">;

/** The waiter's options the provider sets; poll timing is learnt per `durationKey` within the process. */
export type WaitOptions = Pick<
  ClientWaitOptions,
  "until" | "timeoutMs" | "signal" | "onProgress" | "durationKey"
>;

export interface Service {
  client: ServiceClient;
  /** Polls the instance until `until` holds; throws the client's TimeoutError / AbortedError. */
  wait(id: string, opts: WaitOptions): Promise<InstanceStatus>;
}

export type ServiceFactory = (settings: ProviderSettings, log: Logger) => Promise<Service>;

/**
 * undici parses HTTP with a WebAssembly build of llhttp. V8 compiles it with its baseline compiler (Liftoff),
 * then again with TurboFan on background threads: ~0.15 s of CPU per provider process, and process exit
 * waits for that compile, so every provider process that made a service call took ~0.14 s longer to exit
 * (terraform waits for each exit; a command starts 3 to 5 providers). Liftoff's code is fast enough for
 * the service's small answers. Set here, just before undici loads, not at start: changing a V8 flag makes
 * node compile its own modules again instead of using their code cache (~25 ms before the handshake).
 */
function compileWasmWithLiftoffOnly(): void {
  setFlagsFromString("--liftoff-only");
}

/** The real client, with the shared file token store so one terraform command uses one session token. */
export const connectService: ServiceFactory = async (settings, log) => {
  compileWasmWithLiftoffOnly();
  const { AppMgmtClient, FileTokenStore, waitForInstance } = await import("../client");
  const client = new AppMgmtClient({
    baseUrl: settings.baseUrl,
    apiVersion: settings.apiVersion,
    email: settings.email,
    password: settings.password,
    refreshToken: settings.refreshToken,
    sessionToken: settings.sessionToken,
    tokenStore: new FileTokenStore(settings.tokenCacheDir, { onWarning: (m, f) => log.warn(m, f) }),
    requestTimeoutMs: settings.requestTimeoutMs,
    maxRetries: settings.maxRetries,
    caCertPem: settings.caCertPem,
    insecure: settings.insecure,
    log: (e) => log[e.level](e.message, e.fields),
  });
  return { client, wait: (id, opts) => waitForInstance(client, id, opts) };
};
