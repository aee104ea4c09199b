// The service's input limits, in one place: the simulator enforces them, and the provider and constructs can
// check the same values before anything is sent (docs/dev/TEAM-CONTRACTS.md "Service input limits").

/** Longest accepted instance name, in characters. */
export const INSTANCE_NAME_MAX_LENGTH = 63;

/** Letters, digits, `.`, `_` and `-`, starting with a letter or digit (no spaces, slashes or control characters). */
export const INSTANCE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Largest request body the service reads; bigger bodies get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Deepest nesting of arrays and objects accepted in a request body; deeper bodies get 400. */
export const MAX_JSON_DEPTH = 32;

/** Why `name` is not an acceptable instance name (naming the fix), or undefined when it is. */
export function instanceNameProblem(name: string): string | undefined {
  if (name.length === 0) return "must not be empty";
  if (name.length > INSTANCE_NAME_MAX_LENGTH)
    return `is ${name.length} characters long; use at most ${INSTANCE_NAME_MAX_LENGTH}`;
  if (!INSTANCE_NAME_PATTERN.test(name))
    return (
      "may hold only letters, digits, '.', '_' and '-', starting with a letter or digit " +
      "(e.g. webshop-prod)"
    );
  return undefined;
}
