// Validate and plan `appmgmt_instance_workflow`: the instance id, the timeout, a workflow the instance
// resource owns (launch, reconfigure, destroy) refused naming it, and, with the manifest known, the workflow
// and its parameters checked by the rules (src/rules/workflows.ts) the simulator applies too.

import {
  asObject,
  type Diagnostic,
  Diagnostics,
  isUnknown,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  UNKNOWN,
  type ValueObject,
} from "../../terraform-model";
import { setOwn } from "../../util/own";
import { checkWorkflowRun, reservedWorkflowFinding } from "../../rules";
import { checkIdAttributes } from "../id-attributes";
import { addFindings } from "../instance/checks";
import { parseDuration } from "../duration";
import { parseManifestAttribute } from "../manifest-attribute";
import { planDeclared } from "../planner";
import { attrPath, knownString } from "../values";
import { WORKFLOW_ATTRIBUTES } from "./schema";

export function validateWorkflow(config: ValueObject): Diagnostic[] {
  const out = new Diagnostics().add(...checkIdAttributes(config, ["instance_id"]));
  const create = knownString(asObject(config.timeouts), "create");
  const ms = create === undefined ? undefined : parseDuration(create);
  if (ms instanceof Error)
    out.addError(attrPath("timeouts", "create"), "Invalid timeouts.create", ms.message);
  const workflow = knownString(config, "workflow");
  if (workflow === undefined) return out.list;
  const reserved = reservedWorkflowFinding(workflow, "the appmgmt_instance resource");
  if (reserved) {
    addFindings([reserved], out);
    return out.list;
  }
  const parameters = asObject(config.parameters);
  const secrets = asObject(config.secret_parameters);
  for (const name of Object.keys(secrets ?? {}).filter((n) => parameters && Object.hasOwn(parameters, n)))
    out.addError(
      attrPath("secret_parameters", { key: name }),
      `"${name}" is in both parameters and secret_parameters`,
      `A parameter is either plain or secret: remove "${name}" from parameters to keep it secret (never ` +
        "stored in the state), or from secret_parameters.",
    );
  const text = knownString(config, "manifest");
  const manifest = text === undefined ? undefined : parseManifestAttribute(text, out);
  if (manifest && !isUnknown(config.parameters) && !isUnknown(config.secret_parameters)) {
    // The rules see the secret names, never their values.
    const listed: ValueObject = { ...parameters };
    for (const name of Object.keys(secrets ?? {})) setOwn(listed, name, UNKNOWN);
    const findings = checkWorkflowRun(manifest, { workflow, parameters: listed });
    addFindings(
      findings.map((f) =>
        f.path[0] === "parameters" && secrets && Object.hasOwn(secrets, String(f.path[1]))
          ? { ...f, path: ["secret_parameters", f.path[1]] }
          : f,
      ),
      out,
    );
  }
  return out.list;
}

export function planWorkflow(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  // Whatever does not replace (timeouts, manifest) changes in place without a run.
  return planDeclared(req, WORKFLOW_ATTRIBUTES, validateWorkflow);
}
