// What the provider needs from the client (docs/dev/TEAM-CONTRACTS.md, "Client API"), and how it gets it:
// the client module (and undici with it) loads on the first ConfigureProvider, not at start-up.

import type { AppMgmtClient } from "../client/client";
import type { CallName } from "../client/retry-policy";
import type { InstanceStatus } from "../client/types";
import type { WaitOptions } from "../client/waiters";
import type { ProviderSettings } from "./config";
import { describeCredentials } from "./credentials";
import { verifyCredentials } from "./credentials-check";
import type { Logger } from "../terraform-model";

/** Calls that are members of `client.environments` (src/client/environments.ts), not of the client itself. */
type EnvironmentCall = `${"get" | "put"}Environment${string}` | "cloneEnvironment";

/** The client calls the provider makes (the fakes of the provider's unit tests implement these). */
export type ServiceClient = Pick<
  AppMgmtClient,
  | Exclude<CallName, "token" | "forceDelete" | EnvironmentCall>
  | "getInstanceStatus"
  | "readSubmodules"
  | "close"
  | "environments"
>;

/** The waiter's options the provider sets; poll timing is learnt per `durationKey` within the process. */
export type ServiceWaitOptions = Pick<
  WaitOptions,
  | "until"
  | "timeoutMs"
  | "signal"
  | "onProgress"
  | "durationKey"
  | "onPollFailure"
  | "onUnknownStatus"
  | "startedAfter"
  | "readSubmodules"
>;

export interface Service {
  client: ServiceClient;
  /** The credentials in use, without secrets (credentials.ts), for errors that must name them. */
  credentials?: string;
  /** Polls the instance until `until` holds; throws the client's TimeoutError / AbortedError. */
  wait(id: string, opts: ServiceWaitOptions): Promise<InstanceStatus>;
  /** unreachable_timeout: a wait whose polls get no answer for this long stops (default 5 minutes). */
  unreachableTimeoutMs?: number;
  /** Why the credentials could not be checked at configure (the service did not answer), if so. */
  unchecked?: string;
}

export type ServiceFactory = (settings: ProviderSettings, log: Logger) => Promise<Service>;

/**
 * Where the provider executable's launcher moves NODE_EXTRA_CA_CERTS (scripts/bundle-provider.js): node 20
 * reads that file at every start, before any code runs, and the client trusts it from here instead (reading it
 * only at its first HTTPS connection).
 */
export const MOVED_EXTRA_CA_CERTS = "APPMGMT_NODE_EXTRA_CA_CERTS";

/** The real client, with the shared file token store so one terraform command uses one session token. */
export const connectService: ServiceFactory = async (settings, log) => {
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
    extraCaCertFile: process.env[MOVED_EXTRA_CA_CERTS] || undefined,
    insecure: settings.insecure,
    log: (e) => log[e.level](e.message, e.fields),
  });
  let unchecked: string | undefined;
  try {
    unchecked = await verifyCredentials(client, log);
  } catch (e) {
    await client.close();
    throw e;
  }
  return {
    client,
    unchecked,
    credentials: describeCredentials(settings),
    wait: (id, opts) => waitForInstance(client, id, opts),
    unreachableTimeoutMs: settings.unreachableTimeoutMs,
  };
};
