// Go-style duration strings ("30m", "1h30m", "45s", "1.5h", "250ms"), the syntax terraform users know
// from the `timeouts` convention.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?|\.\d+)(ms|s|m|h)/y;

/** Milliseconds of a duration string, or an Error saying what is wrong and what to write. */
export function parseDuration(text: string): number | Error {
  const invalid = () =>
    new Error(
      `${JSON.stringify(text)} is not a duration: write a number with a unit (h, m, s, ms), e.g. "30m" or "1h30m"`,
    );
  if (text.length === 0) return invalid();
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < text.length) {
    const start = PART.lastIndex;
    const m = PART.exec(text);
    if (!m || m.index !== start) return invalid();
    total += Number(m[1]) * UNIT_MS[m[2]];
  }
  if (total <= 0) return new Error(`${JSON.stringify(text)} must be longer than zero`);
  return Math.round(total);
}

/** A configured timeout in milliseconds: `fallback` when unset or not a duration (validation reports that). */
export function timeoutOrDefault(text: string | undefined, fallback: string): number {
  const ms = parseDuration(text ?? fallback);
  return ms instanceof Error ? (parseDuration(fallback) as number) : ms;
}

/** A duration as parseDuration reads it, to the second ("5m", "1m30s"); under a second in ms ("500ms"). */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  let seconds = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ["h", 3600],
    ["m", 60],
    ["s", 1],
  ] as const) {
    if (seconds >= size) {
      parts.push(`${Math.floor(seconds / size)}${unit}`);
      seconds %= size;
    }
  }
  return parts.join("");
}
