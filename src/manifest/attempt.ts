// A manifest text parsed without throwing: the manifest, or the parser's message (with line numbers).
// Through parseManifest's cache, so each distinct text is parsed once per process.

import { ManifestError, parseManifest } from "./parse";
import type { Manifest } from "./types";

export type ManifestParse = { manifest: Manifest } | { error: string };

export function tryParseManifest(text: string): ManifestParse {
  try {
    return { manifest: parseManifest(text) };
  } catch (e) {
    if (e instanceof ManifestError) return { error: e.message };
    throw e;
  }
}
