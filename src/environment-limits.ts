// Names of environment markers and properties: the simulator refuses others with 400, the provider at plan and
// the Environment construct at synth (docs/service-api.md, "Environments": the rule is ours, the evidence
// shows names like `sandbox` and `db-host` only).

/** A letter or digit first, then letters, digits, `.`, `_` or `-`; 1 to 64 characters. */
export const ENVIRONMENT_NAME_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why `name` cannot be a marker's or property's name (`what`: "marker", "property"), or undefined. */
export function environmentNameProblem(what: "marker" | "property", name: string): string | undefined {
  if (ENVIRONMENT_NAME_PART.test(name)) return undefined;
  return (
    `${what} name ${JSON.stringify(name)} is not valid: use 1 to 64 letters, digits, ".", "_" or "-", ` +
    "starting with a letter or digit"
  );
}
