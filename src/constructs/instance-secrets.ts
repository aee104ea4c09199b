// ApplicationInstance's `secretParameters` (the instance's and each submodule's) at synth: what the binding
// rules see of them (their names, never their values, as the provider's plan does), the names that are
// also plain parameters, and a warning for each literal value, which would be written into cdktf.out.

import { setOwn } from "../own";
import { formatPath, type Finding } from "../rules";
import { UNKNOWN } from "../unknown";

type StringMap = { [name: string]: string };
type IsUnresolved = (value: unknown) => boolean;

/** The props of an instance, or of one submodule, that set parameters. */
export interface ParameterProps {
  readonly parameters?: StringMap;
  readonly secretParameters?: StringMap;
}

export interface SecretProps extends ParameterProps {
  readonly submodules?: { [name: string]: ParameterProps };
}

/**
 * The parameters with the secret names listed (each unknown: the rules judge its name only): a secret counts as set.
 * A map that is a token as a whole is unknown, and so are the parameters it joins.
 */
export function withSecretNames(
  props: ParameterProps,
  isUnresolved: IsUnresolved,
): Record<string, unknown> | undefined {
  const { parameters, secretParameters: secrets } = props;
  if (secrets === undefined) return parameters;
  if (isUnresolved(secrets)) return secrets;
  if (parameters !== undefined && isUnresolved(parameters)) return parameters;
  const listed: Record<string, unknown> = { ...parameters };
  for (const name of Object.keys(secrets)) setOwn(listed, name, UNKNOWN);
  return listed;
}

/** Each name in both `parameters` and `secretParameters` (the instance's, then each submodule's). */
export function bothMapsFindings(props: SecretProps, isUnresolved: IsUnresolved): Finding[] {
  const findings: Finding[] = [];
  const check = (p: ParameterProps | undefined, at: Finding["path"]) => {
    const { parameters, secretParameters: secrets } = p ?? {};
    if (!parameters || !secrets || isUnresolved(parameters) || isUnresolved(secrets)) return;
    for (const name of Object.keys(secrets).filter((n) => Object.hasOwn(parameters, n))) {
      const where = formatPath(at);
      findings.push({
        path: [...at, "secretParameters", name],
        message: `"${name}" is in both ${where ? `${where}.` : ""}parameters and secretParameters`,
        fix:
          `remove it from parameters to keep it secret (never written to cdktf.out nor stored in the state), ` +
          `or from secretParameters`,
      });
    }
  };
  check(props, []);
  for (const [name, sub] of submoduleEntries(props, isUnresolved)) check(sub, ["submodules", name]);
  return findings;
}

/**
 * The rules' `isSecret` at synth: whether a name was set in `secretParameters` (the instance's, or the
 * named submodule's), so that its findings point at that map.
 */
export function setAsSecret(props: SecretProps, isUnresolved: IsUnresolved) {
  const submodules = new Map(submoduleEntries(props, isUnresolved));
  return (name: string, submodule?: string): boolean => {
    const p = submodule === undefined ? props : submodules.get(submodule);
    return (
      p?.secretParameters !== undefined &&
      !isUnresolved(p.secretParameters) &&
      Object.hasOwn(p.secretParameters, name)
    );
  };
}

/**
 * One warning per secret given as a literal string: unlike a token (a variable, a data source's or an
 * ephemeral resource's attribute), it is written into cdktf.out as it is.
 */
export function literalSecretWarnings(props: SecretProps, isUnresolved: IsUnresolved): string[] {
  const warnings: string[] = [];
  const check = (p: ParameterProps | undefined, at: Finding["path"]) => {
    const secrets = p?.secretParameters;
    if (secrets === undefined || isUnresolved(secrets)) return;
    for (const [name, value] of Object.entries(secrets)) {
      if (typeof value !== "string" || isUnresolved(value)) continue;
      warnings.push(
        `${formatPath([...at, "secretParameters", name])} is a literal string, so the secret is written ` +
          `into cdktf.out (the synthesized configuration) in plain text. Fix: pass the value of a ` +
          `TerraformVariable with sensitive: true, set from TF_VAR_<name> or a vault in the pipeline, or an ` +
          `ephemeral value (cdktn's EphemeralAppmgmtInstanceReturnValues)`,
      );
    }
  };
  check(props, []);
  for (const [name, sub] of submoduleEntries(props, isUnresolved)) check(sub, ["submodules", name]);
  return warnings;
}

function submoduleEntries(props: SecretProps, isUnresolved: IsUnresolved): [string, ParameterProps][] {
  const submodules = props.submodules;
  return submodules === undefined || isUnresolved(submodules) ? [] : Object.entries(submodules);
}
