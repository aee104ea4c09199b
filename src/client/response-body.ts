// Reading answers with bounds: the service's `errors[]` enter messages only up to a size (the body itself is
// read up to a limit by exchange.ts: a never-ending or huge answer must not take the process's memory).
import { BadResponseError } from "./errors";

export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** At most this many of the service's error messages, each cut to MAX_ERROR_CHARS, enter an ApiError. */
export const MAX_ERRORS = 20;
export const MAX_ERROR_CHARS = 500;

/**
 * The service's `errors[]`, bounded: the first MAX_ERRORS messages cut to MAX_ERROR_CHARS each, plus a note of
 * how many were left out. A non-JSON error body (e.g. from a proxy) becomes one short message.
 */
export function errorMessages(text: string): string[] {
  let errors: unknown;
  try {
    errors = (JSON.parse(text) as { errors?: unknown } | null)?.errors;
  } catch {
    // not JSON: fall through
  }
  if (Array.isArray(errors)) {
    const kept = errors.slice(0, MAX_ERRORS).map((e) => cut(String(e), MAX_ERROR_CHARS));
    const left = errors.length - kept.length;
    return left > 0 ? [...kept, `(${left} more error messages left out)`] : kept;
  }
  const trimmed = text.trim();
  return trimmed ? [cut(trimmed, 200)] : [];
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}

/** The first value of a response header. */
export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The JSON of an answer body; undefined when empty. */
export function parseBody(method: string, path: string, text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadResponseError(method, path, "the body is not JSON");
  }
}
