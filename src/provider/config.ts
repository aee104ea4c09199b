// Provider configuration: each attribute from the provider block, else from its environment variable
// (ARCHITECTURE.md §5), checked into settings for the client. Diagnostics name the attribute, the variable and the fix,
// and never echo a secret.

import * as os from "node:os";
import * as path from "node:path";
import { ConfigError } from "../client/errors";
import {
  API_VERSION_PREFIXES,
  caCertProblem,
  credentialPairProblem,
  maxRetriesProblem,
  normaliseBaseUrl,
} from "../client/validate";
import { asObject, type Diagnostic, errorDiagnostic, isUnknown, type Value } from "../terraform-model";
import { parseDuration } from "./duration";
import { DEFAULT_API_VERSION } from "./schema";
import { attrPath } from "./values";

export interface ProviderSettings {
  baseUrl: string;
  apiVersion: string;
  email?: string;
  password?: string;
  refreshToken?: string;
  sessionToken?: string;
  tokenCacheDir: string;
  requestTimeoutMs?: number;
  /** How long a workflow wait goes on with no answer to any poll. */
  unreachableTimeoutMs: number;
  maxRetries?: number;
  caCertPem?: string;
  insecure: boolean;
}

const ENV_VARS = {
  base_url: "APPMGMT_BASE_URL",
  api_version: "APPMGMT_API_VERSION",
  email: "APPMGMT_EMAIL",
  password: "APPMGMT_PASSWORD",
  refresh_token: "APPMGMT_REFRESH_TOKEN",
  session_token: "APPMGMT_SESSION_TOKEN",
  token_cache_dir: "APPMGMT_TOKEN_CACHE_DIR",
  request_timeout: "APPMGMT_REQUEST_TIMEOUT",
  unreachable_timeout: "APPMGMT_UNREACHABLE_TIMEOUT",
  max_retries: "APPMGMT_MAX_RETRIES",
  ca_cert_pem: "APPMGMT_CA_CERT_PEM",
  insecure: "APPMGMT_INSECURE",
} as const;

type Attr = keyof typeof ENV_VARS;

/** A workflow wait with no answer to any poll for this long stops (unreachable_timeout's default). */
export const DEFAULT_UNREACHABLE_TIMEOUT_MS = 5 * 60_000;

/** One attribute's raw value: from config, else env; `unknown` when terraform does not know it yet. */
type Raw = { value: string | number | boolean | undefined; unknown: boolean; fromEnv: boolean };

function raw(config: Value, env: NodeJS.ProcessEnv, attr: Attr): Raw {
  const v = asObject(config)?.[attr];
  if (isUnknown(v)) return { value: undefined, unknown: true, fromEnv: false };
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
    return { value: v, unknown: false, fromEnv: false };
  }
  const e = env[ENV_VARS[attr]];
  return {
    value: e === undefined || e === "" ? undefined : e,
    unknown: false,
    fromEnv: e !== undefined && e !== "",
  };
}

function where(attr: Attr, r: Raw): string {
  return r.fromEnv ? `environment variable ${ENV_VARS[attr]}` : `provider attribute ${attr}`;
}

function error(attr: Attr | undefined, summary: string, detail: string): Diagnostic {
  return errorDiagnostic(summary, detail, attr ? attrPath(attr) : undefined);
}

/** $XDG_CACHE_HOME/appmgmt/tokens, else ~/.cache/appmgmt/tokens. */
export function defaultTokenCacheDir(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : path.join(os.homedir(), ".cache");
  return path.join(base, "appmgmt", "tokens");
}

/** The raw attributes of one configuration being checked, and the diagnostics found so far. */
interface Reading {
  r: Record<Attr, Raw>;
  complete: boolean;
  diagnostics: Diagnostic[];
}

const str = (read: Reading, a: Attr): string | undefined =>
  read.r[a].value === undefined ? undefined : String(read.r[a].value);

/**
 * Checks the configuration. `complete` (ConfigureProvider) also requires base_url and credentials;
 * validation (ValidateProviderConfig) checks only the syntax of what is set, so `terraform validate`
 * works without credentials. Unknown values are skipped.
 */
export function resolveProviderConfig(
  config: Value,
  env: NodeJS.ProcessEnv,
  complete: boolean,
): { settings?: ProviderSettings; diagnostics: Diagnostic[] } {
  const r = Object.fromEntries(
    (Object.keys(ENV_VARS) as Attr[]).map((a) => [a, raw(config, env, a)]),
  ) as Record<Attr, Raw>;
  const read: Reading = { r, complete, diagnostics: [] };
  const baseUrl = readBaseUrl(read);
  const apiVersion = readApiVersion(read);
  const credentials = readCredentials(read);
  const limits = readLimits(read);
  const tls = readTls(read);
  const tokenCacheDir = str(read, "token_cache_dir") ?? defaultTokenCacheDir(env);
  const { diagnostics } = read;
  if (diagnostics.length > 0 || baseUrl === undefined || !complete) return { diagnostics };
  return {
    diagnostics,
    settings: {
      baseUrl,
      apiVersion,
      ...credentials,
      tokenCacheDir: path.resolve(tokenCacheDir),
      ...limits,
      ...tls,
    },
  };
}

function readBaseUrl({ r, complete, diagnostics }: Reading): string | undefined {
  const rawBase = r.base_url.value === undefined ? undefined : String(r.base_url.value);
  if (rawBase !== undefined) {
    try {
      return normaliseBaseUrl(rawBase);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      diagnostics.push(
        error("base_url", `Invalid base_url (from ${where("base_url", r.base_url)})`, e.message),
      );
    }
  } else if (complete && !r.base_url.unknown) {
    diagnostics.push(
      error(
        "base_url",
        "Missing base_url",
        `Set base_url in the provider "appmgmt" block or the environment variable ${ENV_VARS.base_url}, ` +
          'e.g. "https://appmgmt.example.com".',
      ),
    );
  }
  return undefined;
}

function readApiVersion(read: Reading): string {
  const apiVersion = str(read, "api_version") ?? DEFAULT_API_VERSION;
  if (!read.r.api_version.unknown && !Object.hasOwn(API_VERSION_PREFIXES, apiVersion)) {
    read.diagnostics.push(
      error(
        "api_version",
        `Unsupported api_version ${JSON.stringify(apiVersion)} (from ${where("api_version", read.r.api_version)})`,
        `Use one of ${Object.keys(API_VERSION_PREFIXES)
          .map((v) => `"${v}"`)
          .join(", ")}, or leave it unset for "${DEFAULT_API_VERSION}".`,
      ),
    );
  }
  return apiVersion;
}

function readCredentials(
  read: Reading,
): Pick<ProviderSettings, "email" | "password" | "refreshToken" | "sessionToken"> {
  const { r, complete, diagnostics } = read;
  const email = str(read, "email");
  const password = str(read, "password");
  const refreshToken = str(read, "refresh_token");
  const sessionToken = str(read, "session_token");
  const pair = credentialPairProblem(email, password);
  if (pair && !r[pair.field as Attr].unknown) {
    const missing = pair.field as "email" | "password";
    diagnostics.push(
      error(missing, `Missing ${missing}`, `${pair.message} (or ${ENV_VARS[missing]} for ${missing}).`),
    );
  }
  const anyCredentialUnknown =
    r.email.unknown || r.password.unknown || r.refresh_token.unknown || r.session_token.unknown;
  const none = [email, password, refreshToken, sessionToken].every((c) => c === undefined);
  if (complete && none && !anyCredentialUnknown) {
    diagnostics.push(
      error(
        undefined,
        "No credentials for the appmgmt provider",
        `Set refresh_token (or ${ENV_VARS.refresh_token}), or email and password ` +
          `(or ${ENV_VARS.email} and ${ENV_VARS.password}), or session_token (or ${ENV_VARS.session_token}, ` +
          'from `appmgmt session create`), in the provider "appmgmt" block.',
      ),
    );
  }
  return { email, password, refreshToken, sessionToken };
}

function readLimits(
  read: Reading,
): Pick<ProviderSettings, "requestTimeoutMs" | "unreachableTimeoutMs" | "maxRetries"> {
  const { r, diagnostics } = read;
  const duration = (attr: "request_timeout" | "unreachable_timeout"): number | undefined => {
    const text = str(read, attr);
    const ms = text === undefined ? undefined : parseDuration(text);
    if (!(ms instanceof Error)) return ms;
    diagnostics.push(error(attr, `Invalid ${attr} (from ${where(attr, r[attr])})`, ms.message));
    return undefined;
  };
  const requestTimeoutMs = duration("request_timeout");
  const unreachableTimeoutMs = duration("unreachable_timeout") ?? DEFAULT_UNREACHABLE_TIMEOUT_MS;

  let maxRetries: number | undefined;
  const rawRetries = r.max_retries.value;
  if (rawRetries !== undefined) {
    const n = typeof rawRetries === "number" ? rawRetries : Number(String(rawRetries).trim());
    const problem = maxRetriesProblem(n, String(rawRetries));
    if (problem) {
      diagnostics.push(
        error(
          "max_retries",
          `Invalid max_retries (from ${where("max_retries", r.max_retries)})`,
          `${problem.message}.`,
        ),
      );
    } else maxRetries = n;
  }
  return { requestTimeoutMs, unreachableTimeoutMs, maxRetries };
}

function readTls(read: Reading): Pick<ProviderSettings, "caCertPem" | "insecure"> {
  const { r, diagnostics } = read;
  const caCertPem = str(read, "ca_cert_pem");
  const caProblem = caCertPem === undefined ? undefined : caCertProblem(caCertPem);
  if (caProblem) {
    diagnostics.push(
      error(
        "ca_cert_pem",
        `Invalid ca_cert_pem (from ${where("ca_cert_pem", r.ca_cert_pem)})`,
        `${caProblem.message}, e.g. file("ca.pem").`,
      ),
    );
  }

  let insecure = false;
  const rawInsecure = r.insecure.value;
  if (typeof rawInsecure === "boolean") insecure = rawInsecure;
  else if (rawInsecure !== undefined) {
    const t = String(rawInsecure).trim().toLowerCase();
    if (t === "true" || t === "1") insecure = true;
    else if (t !== "false" && t !== "0") {
      diagnostics.push(
        error("insecure", `Invalid ${ENV_VARS.insecure}`, `${ENV_VARS.insecure} must be "true" or "false".`),
      );
    }
  }
  return { caCertPem, insecure };
}
