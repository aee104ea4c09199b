// What an AppMgmtClient is built from: its options, the seams tests use, and its log hook.
import { readFileSync } from "node:fs";
import { createSecureContext, type SecureContext } from "node:tls";
import type { Dispatcher } from "undici";
import { Agent, buildConnector, type Connector } from "./undici";
import type { RetryPolicy } from "./retry-policy";
import type { TokenStore } from "./token-store";

/** Limit for one exchange when ClientOptions.requestTimeoutMs is not given. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface LogEvent {
  level: "debug" | "info" | "warn" | "error";
  message: string;
  fields?: Record<string, unknown>;
}

export type LogHook = (e: LogEvent) => void;

export interface ClientOptions {
  baseUrl: string;
  /** "1.0"–"1.2" (→ /api/1) or "2.0" (→ /api/2); default "1.2". */
  apiVersion?: string;
  email?: string;
  password?: string;
  /** When set, calls use session tokens (Bearer) obtained from it, even if email/password are set too. */
  refreshToken?: string;
  /**
   * A session token minted elsewhere (`appmgmt session create`), sent with no token call of this client until
   * the service rejects it (expired or invalid); then the client falls back to refreshToken or
   * email/password when given, else every call fails with an AuthError saying how to get a new one.
   */
  sessionToken?: string;
  /** Where session tokens are kept; default a MemoryTokenStore private to this client. */
  tokenStore?: TokenStore;
  /** Limit for one exchange (request sent, answer headers and body read); default 30 s. */
  requestTimeoutMs?: number;
  /** Overrides retryPolicy.maxRetries. */
  maxRetries?: number;
  /** Longest answer body read (a longer one fails with ResponseTooLargeError); default 32 MiB. */
  maxResponseBytes?: number;
  /** PEM certificate(s) to trust instead of the system's CAs. */
  caCertPem?: string;
  /**
   * A file of PEM certificates to trust besides the system's CAs, as node's NODE_EXTRA_CA_CERTS: read at the
   * first HTTPS connection, skipped with a warning (`log`) when it can't be used; ignored when caCertPem is set.
   */
  extraCaCertFile?: string;
  /** Skip TLS certificate verification (development only). */
  insecure?: boolean;
  log?: LogHook;
  retryPolicy?: Partial<RetryPolicy>;
}

/** Seams for tests and benchmarks; not part of the stable API. */
export interface ClientInternals {
  /** Replaces the client's own Agent (e.g. undici's MockAgent); close() leaves it open. */
  dispatcher?: Dispatcher;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/**
 * The client's own connection pool: keep-alive, trusting caCertPem (else the system's CAs and
 * extraCaCertFile's), verifying certificates unless insecure.
 */
export function keepAliveAgent(opts: ClientOptions): Agent {
  const rejectUnauthorized = opts.insecure !== true;
  const { caCertPem, extraCaCertFile } = opts;
  const extra = caCertPem === undefined && extraCaCertFile !== undefined && opts.baseUrl.startsWith("https:");
  return new Agent({
    keepAliveTimeout: 30_000,
    connect: extra
      ? trustingExtraCas(extraCaCertFile, rejectUnauthorized, opts.log)
      : { ...(caCertPem !== undefined ? { ca: caCertPem } : {}), rejectUnauthorized },
  });
}

/**
 * Connections trusting the system's CAs plus those in `file`, through one TLS context made at the first
 * connection (so a client that never connects reads nothing and makes none). Made as node makes its own for
 * NODE_EXTRA_CA_CERTS: the default context's store, then the extra certificates added to it; a `ca` list of
 * node's root certificates and the file's took about twice as long (ARCHITECTURE.md §8), and as a connect
 * option node would make it again for every connection.
 */
function trustingExtraCas(file: string, rejectUnauthorized: boolean, log?: LogHook): Connector {
  let connect: Connector | undefined;
  return (options, callback) => {
    connect ??= buildConnector({ secureContext: contextTrusting(file, log), rejectUnauthorized });
    connect(options, callback);
  };
}

function contextTrusting(file: string, log?: LogHook): SecureContext {
  const secureContext = createSecureContext();
  try {
    secureContext.context.addCACert(readFileSync(file, "utf8"));
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    log?.({ level: "warn", message: `ignoring the extra CA certificates of ${file}: ${why}` });
  }
  return secureContext;
}
