// What is wrong with an id or an instance name, and the fix: the provider says it at plan, the constructs
// at synth. The formats themselves are the service's (src/service/limits.ts), which the simulator enforces.

import { ID_PATTERN, INSTANCE_NAME_LIMITS } from "../service/limits";

export { ID_PATTERN, INSTANCE_NAME_LIMITS, PARAMETER_NAME } from "../service/limits";

/** Why `id` is not a valid id for `what` (e.g. "application_id"), with the fix; undefined when it is. */
export function idProblem(what: string, id: string): string | undefined {
  if (ID_PATTERN.test(id)) return undefined;
  return (
    `${what} must be a 24-character lowercase hexadecimal id (e.g. "5f0000000000000000000a11"), ` +
    `got ${JSON.stringify(id.slice(0, 40))}${id.length > 40 ? "..." : ""}`
  );
}

/** Why `name` is not a valid instance name, with the fix; undefined when it is. */
export function instanceNameProblem(name: string): string | undefined {
  const { minLength, maxLength, pattern } = INSTANCE_NAME_LIMITS;
  const rule =
    `an instance name has ${minLength} to ${maxLength} characters: a letter or digit first, then letters, ` +
    "digits, '.', '_' or '-'";
  if (name.length < minLength)
    return `the instance name is empty; ${rule} (or leave it unset for a generated name)`;
  if (name.length > maxLength) return `the instance name has ${name.length} characters; ${rule}`;
  if (pattern.test(name)) return undefined;
  const at = [...name].findIndex((c, i) => !(i === 0 ? /[A-Za-z0-9]/ : /[A-Za-z0-9._-]/).test(c));
  const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}...` : name);
  return `the instance name ${shown} has ${JSON.stringify([...name][at])} at position ${at + 1}; ${rule}`;
}
