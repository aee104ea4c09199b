// Between the artifact's launcher (code-cache.ts, run before the bundle) and provider-main (in the bundle):
// the launcher leaves a function under this key when the process should write the code cache. A module
// of its own so the bundle does not carry the launcher's code.

/** globalThis key of the function that writes the code cache from this process's compiled code. */
export const CODE_CACHE_WRITER = Symbol.for("appmgmt.provider.writeCodeCache");

/** The writer the launcher left, once (undefined when the cache was good or the launcher did not run). */
export function takeCodeCacheWriter(): (() => void) | undefined {
  const holder = globalThis as Record<symbol, unknown>;
  const writer = holder[CODE_CACHE_WRITER] as (() => void) | undefined;
  delete holder[CODE_CACHE_WRITER];
  return writer;
}
