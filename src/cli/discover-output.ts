// What `appmgmt discover` writes: terraform `import` blocks (HCL), or ApplicationInstance constructs with
// `.importFrom(id)` (TypeScript), each instance under a resource name derived from its instance name.

import type { DiscoveredInstance, DiscoveredSubmodule } from "./discover-estate";
import { secretResourceHcl, secretsOfSubmodule, secretVariableName } from "./discover-hcl";

/**
 * A terraform identifier per instance, from its name: lower case, characters other than letters, digits,
 * `_` and `-` as `_`, and `i_` before one that would not start with a letter or `_`. Names that still
 * collide (the service allows duplicates, and two environments may use one name) all take the end of
 * their instance id, so each name depends only on its own instance and the set of same-named ones: the
 * same estate gives the same names on every run.
 */
export function resourceNames(instances: DiscoveredInstance[]): string[] {
  const bases = instances.map((d) => baseName(d.summary.name));
  const count = new Map<string, number>();
  for (const b of bases) count.set(b, (count.get(b) ?? 0) + 1);
  const names = bases.map((b, i) => (count.get(b)! > 1 ? `${b}_${instances[i].summary.id.slice(-6)}` : b));
  // A suffixed name may meet an instance literally called so: the whole id settles it.
  const seen = new Map<string, number>();
  for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1);
  return names.map((n, i) => (seen.get(n)! > 1 ? `${bases[i]}_${instances[i].summary.id}` : n));
}

function baseName(instanceName: string): string {
  const cleaned = instanceName.toLowerCase().replace(/[^a-z0-9_-]/g, "_");
  return /^[a-z_]/.test(cleaned) ? cleaned : `i_${cleaned}`;
}

/** A header saying where the output came from, as comment lines (`#` or `//`). */
function header(marker: string, instances: DiscoveredInstance[], scope: string): string {
  return [
    `${marker} Written by appmgmt discover (${scope}): ${instances.length} live top-level ` +
      (instances.length === 1 ? "instance." : "instances."),
    ...(instances.length === 0 ? [`${marker} Nothing to adopt.`] : []),
  ].join("\n");
}

/**
 * One `import` block per instance, for `terraform plan -generate-config-out=generated.tf`. An instance
 * holding secrets gets its resource block here too, since terraform's generated configuration has no way to
 * take a secret: each secret is an ephemeral, sensitive variable wired into `secret_parameters` (version 1,
 * as the import's read records it), null until supplied, which sends nothing and stores nothing.
 */
export function renderHcl(instances: DiscoveredInstance[], scope: string): string {
  const names = resourceNames(instances);
  const blocks = instances.map(({ summary, settings }, i) => {
    const head =
      `# ${JSON.stringify(summary.name)}, application ${summary.application}, environment ${summary.environment}\n` +
      `import {\n  to = appmgmt_instance.${names[i]}\n  id = ${JSON.stringify(summary.id)}\n}\n`;
    return settings && settings.secretNames.length > 0
      ? `${head}\n${secretResourceHcl(names[i], { summary, settings })}`
      : head;
  });
  return [
    header("#", instances, scope),
    "# Next: terraform plan -generate-config-out=generated.tf, review generated.tf, then terraform apply.",
    "# Secrets: supply each variable below (TF_VAR_<name>, a vault) before a change reconfigures its instance.",
    "",
    ...blocks,
  ].join("\n");
}

/**
 * A module of ApplicationInstance constructs, one per instance with the values it runs and
 * `.importFrom(id)`: `adoptedInstances(this)` in a stack adopts them all on the next deploy. Each secret is a
 * sensitive, ephemeral TerraformVariable (null until supplied), never a literal.
 */
export function renderTypescript(instances: DiscoveredInstance[], scope: string): string {
  const names = resourceNames(instances);
  const constructs = instances.map((d, i) => {
    const s = d.settings;
    if (!s) throw new Error(`instance ${d.summary.id} was listed without its values`);
    const secret = (n: string) => `secret(scope, ${q(secretVariableName(names[i], n))})`;
    const mainSecrets = s.secretNames.filter((n) => !n.includes("/"));
    const props = [
      `application: ${q(d.summary.application)}`,
      `instanceName: ${q(d.summary.name)}`,
      `environmentId: ${q(d.summary.environment)}`,
      ...(s.revisionId ? [`revisionId: ${q(s.revisionId)}`] : []),
      `manifestVersion: ${s.manifestVersion}`,
      ...(s.userData !== undefined ? [`userData: ${q(s.userData)}`] : []),
      `parameters: ${stringMap(s.parameters, "    ")}`,
      ...(mainSecrets.length > 0 ? [`secretParameters: ${secretMap(mainSecrets, 0, secret, "    ")}`] : []),
      ...(s.secretNames.length > 0 ? ["secretParametersVersion: 1"] : []),
      ...(s.submodules ? [`submodules: ${submoduleMap(s.submodules, s.secretNames, secret)}`] : []),
    ];
    return [
      `  adopted[${q(names[i])}] = new ApplicationInstance(scope, ${q(names[i])}, {`,
      ...props.map((p) => `    ${p},`),
      "  });",
      `  adopted[${q(names[i])}].importFrom(${q(d.summary.id)});`,
    ].join("\n");
  });
  const anySecret = instances.some((d) => (d.settings?.secretNames.length ?? 0) > 0);
  return [
    header("//", instances, scope),
    '// cdktn: import ApplicationInstance from "cdktf-provider-appmgmt/cdktn" instead.',
    ...(anySecret
      ? ["// Secrets: supply each variable (TF_VAR_<name>) before a change reconfigures its instance."]
      : []),
    ...(anySecret ? ['import { TerraformVariable } from "cdktf";'] : []),
    'import type { Construct } from "constructs";',
    'import { ApplicationInstance } from "cdktf-provider-appmgmt";',
    "",
    ...(anySecret ? SECRET_VARIABLE : []),
    "/** The discovered instances, adopted on the next deploy (in a stack: adoptedInstances(this)). */",
    "export function adoptedInstances(scope: Construct): Record<string, ApplicationInstance> {",
    "  const adopted: Record<string, ApplicationInstance> = {};",
    ...constructs,
    "  return adopted;",
    "}",
    "",
  ].join("\n");
}

/** The helper the module declares its secrets with (no value in cdktf.out: terraform takes TF_VAR_<name>). */
const SECRET_VARIABLE = [
  "/** A secret the service holds: sensitive, ephemeral (in no plan or state file), null until supplied. */",
  "function secret(scope: Construct, name: string): string {",
  '  const variable = new TerraformVariable(scope, name, { type: "string", sensitive: true, nullable: true });',
  '  variable.addOverride("ephemeral", true);',
  '  variable.addOverride("default", null);',
  "  return variable.stringValue;",
  "}",
  "",
];
function q(text: string): string {
  return JSON.stringify(text);
}

function stringMap(values: Record<string, string>, indent: string): string {
  const keys = Object.keys(values).sort();
  if (keys.length === 0) return "{}";
  return `{\n${keys.map((k) => `${indent}  ${q(k)}: ${q(values[k])},`).join("\n")}\n${indent}}`;
}

function secretMap(names: string[], strip: number, secret: (n: string) => string, indent: string): string {
  return `{\n${names.map((n) => `${indent}  ${q(n.slice(strip))}: ${secret(n)},`).join("\n")}\n${indent}}`;
}

function submoduleMap(
  submodules: Record<string, DiscoveredSubmodule>,
  secretNames: string[],
  secret: (n: string) => string,
): string {
  const entries = Object.keys(submodules)
    .sort()
    .map((key) => {
      const s = submodules[key];
      const secrets = secretsOfSubmodule(secretNames, key);
      const fields = [
        ...(s.revisionId ? [`revisionId: ${q(s.revisionId)}`] : []),
        ...(s.manifestVersion !== undefined ? [`manifestVersion: ${s.manifestVersion}`] : []),
        ...(s.parameters ? [`parameters: ${stringMap(s.parameters, "        ")}`] : []),
        ...(secrets.length > 0
          ? [`secretParameters: ${secretMap(secrets, key.length + 1, secret, "        ")}`]
          : []),
      ];
      return `      ${q(key)}: {\n${fields.map((f) => `        ${f},`).join("\n")}\n      },`;
    });
  return `{\n${entries.join("\n")}\n    }`;
}
