// `application.workflows`, this package's shorthand for workflows run by name (docs/manifest.md, "Workflows"):
// kept beside the service's own form, the commands of the application's interfaces.
import { isScalar, type Node, type Pair } from "yaml";
import { WORKFLOW_NAME } from "../service/limits";
import { RESERVED_WORKFLOWS, type ManifestWorkflow } from "./types";
import { keyedRecord, type YamlReader } from "./yaml-reader";

const CONFIGURATION_PIN = /^configuration\(string\)$/;

export function readShorthandWorkflows(r: YamlReader, pair: Pair): Record<string, ManifestWorkflow> {
  const workflows = keyedRecord<ManifestWorkflow>();
  const map = r.mapAt(pair, "`application.workflows`", "map workflow names to `parameters:` mappings");
  for (const item of map?.items ?? []) {
    const name = r.keyText(item);
    const where = `workflow \`${name}\``;
    if (!WORKFLOW_NAME.test(name)) {
      r.problem(
        item.key,
        `${where}: names are letters, digits, \`.\`, \`_\` and \`-\`, a letter or digit first`,
      );
      continue;
    }
    if ((RESERVED_WORKFLOWS as readonly string[]).includes(name)) {
      r.problem(
        item.key,
        `${where} is run by the service itself (launch, reconfigure and destroy are not declared); rename it`,
      );
      continue;
    }
    const workflow: ManifestWorkflow = { name, parameters: keyedRecord() };
    workflows[name] = workflow;
    // `backup:` with nothing under it, or `backup: {}`, declares a workflow without parameters.
    if (item.value === null || (isScalar(item.value) && item.value.value === null)) continue;
    const body = r.asMap(item.value as Node, where, "give it a `parameters:` mapping (or nothing)");
    if (!body) continue;
    for (const key of body.items) {
      if (r.keyText(key) !== "parameters")
        r.problem(
          key.key,
          `${where} has unknown key \`${r.keyText(key)}\`; only \`parameters\` is supported`,
        );
    }
    const params = r.mapAt(
      r.entry(body, "parameters"),
      `${where} parameters`,
      "map names to `configuration(string)`",
    );
    for (const param of params?.items ?? []) {
      const paramName = r.keyText(param);
      const value = r.scalarText(param.value);
      if (value === undefined || !CONFIGURATION_PIN.test(value)) {
        r.problem(
          param.value ?? param.key,
          `${where} parameter \`${paramName}\` is \`${value ?? "(empty)"}\`; write \`configuration(string)\``,
        );
        continue;
      }
      workflow.parameters[paramName] = { name: paramName };
    }
  }
  return workflows;
}
