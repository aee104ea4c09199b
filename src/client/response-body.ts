// Reading answers with bounds: a body longer than the limit stops the read (a never-ending or huge answer
// must not take the process's memory), and the service's `errors[]` enter messages only up to a size.
import type { Dispatcher } from "undici";
import { BadResponseError, ResponseTooLargeError } from "./errors";

export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** At most this many of the service's error messages, each cut to MAX_ERROR_CHARS, enter an ApiError. */
export const MAX_ERRORS = 20;
export const MAX_ERROR_CHARS = 500;

/** The body as UTF-8 text; throws ResponseTooLargeError (and drops the connection) past `limit` bytes. */
export async function readBoundedText(
  res: Dispatcher.ResponseData,
  limit: number,
  method: string,
  path: string,
): Promise<string> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    res.body.destroy();
    throw new ResponseTooLargeError(method, path, limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) {
      res.body.destroy();
      throw new ResponseTooLargeError(method, path, limit);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

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
