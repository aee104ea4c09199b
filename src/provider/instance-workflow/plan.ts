// Validate and plan `appmgmt_instance_workflow`: the instance id, the timeout, a workflow the instance
// resource owns (launch, reconfigure, destroy) refused naming it, and, with the manifest known, the workflow
// and its parameters checked by the rules (src/rules/workflows.ts) the simulator applies too.

import {
  type Diagnostic,
  Diagnostics,
  isUnknown,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type ValueObject,
} from "../../terraform-model";
import { checkWorkflowRun, reservedWorkflowFinding } from "../../rules";
import { checkIdAttributes } from "../id-attributes";
import { addFindings } from "../instance/checks";
import { parseDuration } from "../duration";
import { parseManifestAttribute } from "../manifest-attribute";
import { planDeclared } from "../planner";
import { asObject, attrPath, knownString } from "../values";
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
  const text = knownString(config, "manifest");
  const manifest = text === undefined ? undefined : parseManifestAttribute(text, out);
  const parameters = asObject(config.parameters);
  if (manifest && !isUnknown(config.parameters))
    addFindings(checkWorkflowRun(manifest, { workflow, parameters: parameters ?? {} }, { isUnknown }), out);
  return out.list;
}

export function planWorkflow(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  // Whatever does not replace (timeouts, manifest) changes in place without a run.
  return planDeclared(req, WORKFLOW_ATTRIBUTES, validateWorkflow);
}
