// JSON.parse failures described without their text: V8's message quotes the input around the error, and the
// simulator's inputs (request bodies, the state file) hold refresh tokens and passwords.

/** " (at position N)" when the parser reported a position, else "". */
export function jsonErrorPosition(e: unknown): string {
  const at = /position (\d+)/.exec(e instanceof Error ? e.message : "")?.[1];
  return at === undefined ? "" : ` (at position ${at})`;
}
