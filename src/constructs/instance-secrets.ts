// ApplicationInstance's `secretParameters` (the instance's and each submodule's) at synth: what the binding
// rules see of them (their names, never their values, as the provider's plan does), the names that are
// also plain parameters, and a warning for each literal value, which would be written into cdktf.out.

import { formatPath, submoduleSecretName, type Finding, type InstanceAttributes } from "../rules";
import { UNKNOWN } from "../util/unknown";

type StringMap = { [name: string]: string };
type IsUnresolved = (value: unknown) => boolean;

/** The props of an instance, or of one submodule, that set parameters. */
export interface ParameterProps {
  readonly parameters?: StringMap;
  readonly secretParameters?: StringMap;
}

export interface SecretProps extends ParameterProps {
  readonly submodules?: { [name: string]: ParameterProps & { readonly manifestVersion?: number } };
}

/**
 * The instance's props in the schema's attribute names, as the rules' one adapter reads them
 * (src/rules/inputs.ts): a token, as a whole map or one value, is the unknown marker, and the secret names
 * are listed as `secret_parameter_names` lists them (their values never reach the rules). A secret map that
 * is a token as a whole leaves the parameters it joins unknown.
 */
export function synthAttributes(
  props: SecretProps & { readonly manifestVersion?: number },
  isUnresolved: IsUnresolved,
): InstanceAttributes {
  const marked = (value: unknown) => (value !== undefined && isUnresolved(value) ? UNKNOWN : (value ?? null));
  const values = (p: ParameterProps) =>
    p.parameters === undefined || isUnresolved(p.parameters) || tokenSecrets(p)
      ? marked(tokenSecrets(p) ? p.secretParameters : p.parameters)
      : Object.fromEntries(Object.entries(p.parameters).map(([k, v]) => [k, marked(v)]));
  const tokenSecrets = (p: ParameterProps) =>
    p.secretParameters !== undefined && isUnresolved(p.secretParameters);
  const names = (p: ParameterProps, path?: string) =>
    tokenSecrets(p)
      ? []
      : Object.keys(p.secretParameters ?? {}).map((n) =>
          path === undefined ? n : submoduleSecretName(path, n),
        );
  const submodules = props.submodules;
  return {
    parameters: values(props),
    manifest_version: marked(props.manifestVersion),
    submodules:
      submodules === undefined || isUnresolved(submodules)
        ? marked(submodules)
        : Object.fromEntries(
            Object.entries(submodules).map(([name, s]) => [
              name,
              { manifest_version: marked(s.manifestVersion), parameters: values(s) },
            ]),
          ),
    secret_parameter_names: [
      ...names(props),
      ...submoduleEntries(props, isUnresolved).flatMap(([name, s]) => names(s, name)),
    ],
  };
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
