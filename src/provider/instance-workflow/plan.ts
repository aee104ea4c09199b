// Validate and plan `appmgmt_instance_workflow`: the instance id, the timeout, a workflow the instance
// resource owns (launch, reconfigure, destroy) refused naming it, and, with the manifest known, the workflow
// and its parameters checked by the rules (src/rules/workflows.ts) the simulator applies too.

import { Diagnostics } from "../../protocol/diagnostics";
import {
  isUnknown,
  type AttributePath,
  type Diagnostic,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type ValueObject,
} from "../../protocol/model";
import { checkWorkflowRun, formatFinding, reservedWorkflowFinding, type Finding } from "../../rules";
import { checkIdAttributes } from "../data-source";
import { parseDuration } from "../duration";
import { parseManifestAttribute } from "../manifest-attribute";
import { plannedCreate, replacementPaths } from "../planner";
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
    addFinding(reserved, out);
    return out.list;
  }
  const text = knownString(config, "manifest");
  const manifest = text === undefined ? undefined : parseManifestAttribute(text, out);
  const parameters = asObject(config.parameters);
  if (manifest && !isUnknown(config.parameters))
    for (const f of checkWorkflowRun(manifest, { workflow, parameters: parameters ?? {} }, { isUnknown }))
      addFinding(f, out);
  return out.list;
}

export function planWorkflow(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const config = asObject(req.config) ?? proposed;
  const diagnostics = validateWorkflow(config);
  const prior = asObject(req.priorState);
  if (!prior)
    return {
      plannedState: plannedCreate(WORKFLOW_ATTRIBUTES, proposed, config),
      requiresReplace: [],
      diagnostics,
    };
  // Anything else (timeouts, manifest) changes in place without a run.
  const planned = { ...proposed };
  return {
    plannedState: planned,
    requiresReplace: replacementPaths(WORKFLOW_ATTRIBUTES, prior, planned, config),
    diagnostics,
  };
}

function addFinding(f: Finding, out: Diagnostics): void {
  const path: AttributePath = f.path.map((step, i) =>
    i % 2 === 0 ? { attr: String(step) } : { key: String(step) },
  );
  out.addError(path, f.message, formatFinding(f));
}
