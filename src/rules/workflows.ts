// The rules of a workflow run: which workflows may be run by name (the commands of the application's interfaces,
// `<interface>.<command>`, and the `application.workflows` shorthand), and with which parameters. The provider checks an appmgmt_instance_workflow at plan with them, the
// simulator refuses a run with the same findings (its 400), so both say the same thing.

import { isUnknown } from "../util/unknown";
import { RESERVED_WORKFLOWS, type Manifest } from "../manifest/types";
import { formatPath } from "./format";
import { naturalKeys } from "./natural-order";
import { closestName } from "./suggest";
import type { Finding } from "./types";

export { RESERVED_WORKFLOWS };

export interface WorkflowRun {
  workflow: string;
  parameters?: Record<string, unknown>;
}

/**
 * A finding when `workflow` is one the service runs through a call of its own (launch, reconfigure,
 * destroy), naming what runs it instead (`owner`: the caller's words, e.g. the instance resource).
 */
export function reservedWorkflowFinding(workflow: string, owner: string): Finding | undefined {
  if (!(RESERVED_WORKFLOWS as readonly string[]).includes(workflow)) return undefined;
  return {
    path: ["workflow"],
    message: `workflow '${workflow}' is not run by name: the service runs it through its own call`,
    fix: `${owner} runs ${workflow}; name a command of the manifest's interfaces (<interface>.<command>)`,
  };
}

/** Every finding of a run against the manifest's workflows: an undeclared workflow, unknown or non-string parameters. */
export function checkWorkflowRun(manifest: Manifest, run: WorkflowRun): Finding[] {
  const declared = manifest.workflows ?? {};
  const names = naturalKeys(declared);
  const workflow = Object.hasOwn(declared, run.workflow) ? declared[run.workflow] : undefined;
  if (!workflow) {
    const suggestion = commandNamed(run.workflow, names) ?? closestName(run.workflow, names);
    return [
      {
        path: ["workflow"],
        message: `the application manifest declares no workflow '${run.workflow}'`,
        fix: suggestion
          ? `did you mean '${suggestion}'?`
          : names.length > 0
            ? `use one of: ${names.map((n) => `'${n}'`).join(", ")}`
            : "bind an interface pin to a component's receive-command in the manifest (it declares no workflows)",
      },
    ];
  }
  const findings: Finding[] = [];
  const known = naturalKeys(workflow.parameters);
  for (const name of naturalKeys(run.parameters ?? {})) {
    const path = ["parameters", name];
    if (!Object.hasOwn(workflow.parameters, name)) {
      const suggestion = closestName(name, known);
      findings.push({
        path,
        message: `workflow '${run.workflow}' has no parameter '${name}'`,
        fix: suggestion
          ? `did you mean ${formatPath(["parameters", suggestion])}?`
          : known.length > 0
            ? `use one of: ${known.map((n) => formatPath(["parameters", n])).join(", ")}`
            : `remove it: workflow '${run.workflow}' takes no parameters`,
      });
      continue;
    }
    const value = run.parameters![name];
    if (!isUnknown(value) && typeof value !== "string")
      findings.push({
        path,
        message: `parameter '${name}' must be a string`,
        fix: `write it as a string, e.g. "1"`,
      });
  }
  return findings;
}

/** The one workflow `<interface>.<name>` when `name` is a command's name without its interface. */
function commandNamed(name: string, names: string[]): string | undefined {
  const matches = names.filter((n) => n.endsWith(`.${name}`));
  return matches.length === 1 ? matches[0] : undefined;
}
