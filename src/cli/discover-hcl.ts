// The HCL `appmgmt discover` writes for an instance holding secrets: its resource block as an import takes
// it, each secret an ephemeral, sensitive variable (terraform's generated configuration cannot take a secret),
// formatted as `terraform fmt` writes it.

import type { DiscoveredInstance } from "./discover-estate";

/** The variable of one secret of the instance `resource`: `shop_input_db_password`, `shop_db_input_password`. */
export function secretVariableName(resource: string, secretName: string): string {
  return `${resource}_${secretName.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`;
}

/** The secret names of the submodule at `path` (not of its own submodules). */
export function secretsOfSubmodule(secretNames: string[], path: string): string[] {
  return secretNames.filter((n) => n.startsWith(`${path}/`) && !n.slice(path.length + 1).includes("/"));
}

/** The resource block an import of the instance reproduces, and a variable per secret. */
export function secretResourceHcl(resource: string, d: Required<DiscoveredInstance>): string {
  const { summary, settings: s } = d;
  const variable = (n: string) => `var.${secretVariableName(resource, n)}`;
  const mainSecrets = s.secretNames.filter((n) => !n.includes("/"));
  const secretsOf = (path: string) => secretsOfSubmodule(s.secretNames, path);
  const variables = s.secretNames.map((n) =>
    [
      `variable ${hq(secretVariableName(resource, n))} {`,
      `  description = ${hq(`${n} of instance ${summary.name} (${summary.id}): held by the service, supplied here before a change reconfigures it`)}`,
      "  type        = string",
      "  sensitive   = true",
      "  ephemeral   = true",
      "  default     = null",
      "}",
      "",
    ].join("\n"),
  );
  const secretMap = (names: string[], strip: number, indent: string) =>
    block(
      names.map((n) => [hq(n.slice(strip)), variable(n)]),
      indent,
    );
  const submodules = Object.keys(s.submodules ?? {})
    .sort()
    .map((path): Entry => {
      const sub = s.submodules![path];
      const secrets = secretsOf(path);
      return [
        hq(path),
        block(
          [
            ...when(sub.revisionId, "revision_id", () => hq(sub.revisionId!)),
            ...when(sub.manifestVersion !== undefined, "manifest_version", () => String(sub.manifestVersion)),
            ...when(sub.parameters, "parameters", () => hclMap(sub.parameters!, "      ")),
            ...when(secrets.length > 0, "secret_parameters", () =>
              secretMap(secrets, path.length + 1, "      "),
            ),
          ],
          "    ",
        ),
      ];
    });
  const attributes: Entry[] = [
    ["application_id", hq(summary.application)],
    ["instance_name", hq(summary.name)],
    ["environment_id", hq(summary.environment)],
    ...when(s.revisionId, "revision_id", () => hq(s.revisionId!)),
    ["manifest_version", String(s.manifestVersion)],
    ...when(s.userData !== undefined, "user_data", () => hq(s.userData!)),
    ["parameters", hclMap(s.parameters, "  ")],
    ...when(mainSecrets.length > 0, "secret_parameters", () => secretMap(mainSecrets, 0, "  ")),
    ["secret_parameters_version", "1 # bump to send the secrets again"],
    ...when(submodules.length > 0, "submodules", () => block(submodules, "  ")),
  ];
  return [...variables, `resource "appmgmt_instance" ${hq(resource)} ${block(attributes, "")}`, ""].join(
    "\n",
  );
}

/** An HCL attribute or map entry: key, value (one line or several). */
type Entry = [string, string];

/** The entry when `present`, else none. */
const when = (present: unknown, key: string, value: () => string): Entry[] =>
  present ? [[key, value()]] : [];

/**
 * `{`, one `key = value` line per entry, `}` at `indent`, as `terraform fmt` writes it: the `=` of
 * consecutive one-line entries aligned, a multi-line value breaking the run.
 */
function block(entries: Entry[], indent: string): string {
  if (entries.length === 0) return "{}";
  const oneLine = (v: string) => !v.includes("\n");
  const lines = entries.map(([key, value], i) => {
    let width = key.length;
    if (oneLine(value)) {
      for (let j = i - 1; j >= 0 && oneLine(entries[j][1]); j--)
        width = Math.max(width, entries[j][0].length);
      for (let j = i + 1; j < entries.length && oneLine(entries[j][1]); j++)
        width = Math.max(width, entries[j][0].length);
    }
    return `${indent}  ${key.padEnd(width)} = ${value}`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/** An HCL string: JSON's escapes, and terraform's template sequences kept literal. */
function hq(text: string): string {
  return JSON.stringify(text).replace(/([$%])\{/g, (_, sign: string) => `${sign}${sign}{`);
}

function hclMap(values: Record<string, string>, indent: string): string {
  const keys = Object.keys(values).sort();
  return block(
    keys.map((k) => [hq(k), hq(values[k])]),
    indent,
  );
}
