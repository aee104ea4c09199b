// Checks done before anything is sent, so mistakes surface as errors naming the field and the fix.
import { ID_PATTERN } from "../service/limits";
import { flattenSubmodules } from "../service/wire";
import { ConfigError, ValidationError } from "./errors";
import type { LaunchRequest, ReconfigureRequest } from "./types";

/** API versions the client speaks, and the path prefix each uses (ARCHITECTURE.md §3: major version only). */
export const API_VERSION_PREFIXES: Readonly<Record<string, string>> = {
  "1.0": "/api/1",
  "1.1": "/api/1",
  "1.2": "/api/1",
  "2.0": "/api/2",
};

export function apiPrefix(apiVersion: string): string {
  const prefix = Object.hasOwn(API_VERSION_PREFIXES, apiVersion)
    ? API_VERSION_PREFIXES[apiVersion]
    : undefined;
  if (prefix === undefined) {
    const accepted = Object.keys(API_VERSION_PREFIXES)
      .map((v) => `"${v}"`)
      .join(", ");
    throw new ConfigError(
      "api_version",
      `api_version ${JSON.stringify(apiVersion)} is not supported: use one of ${accepted}`,
    );
  }
  return prefix;
}

/**
 * The base URL without a trailing slash; it may carry a path prefix. Credentials in it are refused, and no
 * message shows any part of a refused URL: `http://admin:S3cr3t/x@host` does not even parse as userinfo
 * (the "/" ends the authority), yet the user meant one, so any "@" counts, wherever it stands. A path
 * ending in an API version prefix (/api/1) is refused, naming the part to remove.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  if (baseUrl.includes("@")) {
    throw new ConfigError(
      "base_url",
      'base_url must not contain credentials (nor any "@"): write only scheme, host and path, and set ' +
        "email/password or refresh_token instead",
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError("base_url", "base_url is not a URL: write e.g. https://appmgmt.example.com");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("base_url", `base_url must use http:// or https://, not ${url.protocol}//`);
  }
  if (url.search || url.hash) {
    throw new ConfigError(
      "base_url",
      "base_url must not contain a query or fragment: write only scheme, host and path",
    );
  }
  const pathname = url.pathname.replace(/\/+$/, "");
  // The client adds /api/N itself (API_VERSION_PREFIXES) and asks for session tokens at the root
  // (/refreshToken/jwtBearer): a base_url copied from an API call would make every request miss, the
  // first one with a 404 that does not say why.
  const apiSuffix = /\/api\/\d+$/.exec(pathname)?.[0];
  if (apiSuffix !== undefined) {
    const without = `${url.origin}${pathname.slice(0, -apiSuffix.length)}`;
    throw new ConfigError(
      "base_url",
      `base_url ends in "${apiSuffix}", which the provider adds itself (from api_version): remove "${apiSuffix}" ` +
        `and write ${JSON.stringify(without)}`,
    );
  }
  return `${url.origin}${pathname}`;
}

/**
 * The checks of the client's settings that the provider also makes at plan time, in one place: each says
 * what is wrong and the fix, naming the field by its provider attribute name.
 */
export interface SettingProblem {
  field: "email" | "password" | "ca_cert_pem" | "max_retries";
  message: string;
}

/** email and password go together; undefined when both or neither are set. */
export function credentialPairProblem(email?: string, password?: string): SettingProblem | undefined {
  if ((email === undefined) === (password === undefined)) return undefined;
  const [given, missing] = email === undefined ? ["password", "email"] : ["email", "password"];
  return {
    field: missing as SettingProblem["field"],
    message: `${missing} is missing but ${given} is set: set both email and password, or use refresh_token`,
  };
}

export function caCertProblem(pem: string): SettingProblem | undefined {
  if (pem.includes("-----BEGIN CERTIFICATE-----")) return undefined;
  return {
    field: "ca_cert_pem",
    message: 'ca_cert_pem must hold PEM text with at least one "-----BEGIN CERTIFICATE-----" block',
  };
}

export const MAX_RETRIES_LIMIT = 100;

export function maxRetriesProblem(n: number, shown: string = String(n)): SettingProblem | undefined {
  if (Number.isInteger(n) && n >= 0 && n <= MAX_RETRIES_LIMIT) return undefined;
  return {
    field: "max_retries",
    message: `max_retries must be a whole number from 0 to ${MAX_RETRIES_LIMIT}, got ${JSON.stringify(shown)}`,
  };
}

export function checkId(field: string, value: unknown): string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) {
    const shown = typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : typeof value;
    throw new ValidationError(field, `${field} must be a 24-character lowercase hex id, got ${shown}`);
  }
  return value;
}

export function checkLaunchRequest(req: LaunchRequest): void {
  if (req.environmentId !== undefined) checkId("environmentId", req.environmentId);
  if (req.revisionId !== undefined) checkId("revisionId", req.revisionId);
  for (const [path, sub] of Object.entries(flattenSubmodules(req.submodules ?? {}))) {
    if (sub.revisionId !== undefined) checkId(`submodules.${path}.revisionId`, sub.revisionId);
  }
}

export function checkReconfigureRequest(req: ReconfigureRequest): void {
  if (req.revisionId !== undefined) checkId("revisionId", req.revisionId);
}

export function positive(field: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(field, `${field} must be a positive duration`);
  return value;
}

/** Throws the problem, if any, as the ConfigError naming its field. */
export function throwIf(problem: SettingProblem | undefined): void {
  if (problem) throw new ConfigError(problem.field, problem.message);
}

export function wholeBytes(field: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new ConfigError(field, `${field} must be a whole number of bytes > 0`);
  return value;
}

export function nonEmpty(field: string, value: string): string {
  if (value === "") throw new ConfigError(field, `${field} is empty: set it or leave it out`);
  return value;
}
