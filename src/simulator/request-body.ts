// Reading a request's JSON (or, for a manifest upload, YAML) body, refusing what the service would refuse with a 4xx instead of repairing it:
// a wrong media type (400, as the documentation and the Maven Swagger model answer "incorrect content type"), too many bytes (413, before reading them when Content-Length says so),
// invalid UTF-8, nesting past MAX_JSON_DEPTH and malformed JSON (400).
import type { IncomingMessage } from "node:http";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from "../service/limits";
import { jsonErrorPosition } from "./json-error";
import { ServiceError } from "./service-error";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Whether the request carries a body (per its framing headers), read or not. */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** The body's JSON value; a request without a body counts as `{}` (`null` or `[]` is still not an object). */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!hasBody(req)) return {};
  return parseJson(await readBody(req, ["application/json"], "JSON"));
}

/** Media types a manifest upload may carry: the documented one, and the YAML types tools send. */
const YAML_TYPES = ["application/x-yaml", "application/yaml", "text/yaml", "text/x-yaml"];

/** The body as YAML text (a manifest upload); an empty body is empty text, which the parser refuses. */
export async function readYamlBody(req: IncomingMessage): Promise<string> {
  if (!hasBody(req)) return "";
  return utf8Text(await readBody(req, YAML_TYPES, "the YAML text"), "YAML");
}

/** The body's bytes, after the media type (400) and size (413) checks. */
async function readBody(req: IncomingMessage, mediaTypes: string[], what: string): Promise<Buffer> {
  const mediaType = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (!mediaTypes.includes(mediaType))
    throw new ServiceError(400, [
      `incorrect content type: request body has Content-Type ${JSON.stringify(req.headers["content-type"] ?? "(none)")}; ` +
        `send ${what} with Content-Type: ${mediaTypes[0]}`,
    ]);
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const bytes = await readUpTo(req, MAX_BODY_BYTES);
  if (bytes === undefined) throw tooLarge();
  return bytes;
}

function utf8Text(bytes: Buffer, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ServiceError(400, [`request body is not valid UTF-8; send ${what} encoded as UTF-8`]);
  }
}

function tooLarge(): ServiceError {
  return new ServiceError(413, [`request body is over ${MAX_BODY_BYTES} bytes; send a smaller body`]);
}

/** The whole body, or undefined as soon as it passes `limit` (the rest is left unread). */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        req.off("data", onData);
        req.pause();
        resolve(undefined);
      }
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function parseJson(bytes: Buffer): unknown {
  const text = utf8Text(bytes, "JSON");
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new ServiceError(400, [
      `request body nests arrays/objects deeper than ${MAX_JSON_DEPTH} levels; send a flatter JSON object`,
    ]);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ServiceError(400, [
      `request body is not valid JSON${jsonErrorPosition(e)}; send a JSON object`,
    ]);
  }
}

/** Whether JSON text opens more than `limit` arrays/objects at once (brackets inside strings do not count). */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      if (++depth > limit) return true;
    } else if (c === "}" || c === "]") depth--;
  }
  return false;
}
