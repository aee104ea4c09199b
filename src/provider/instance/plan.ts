// Validate and plan `appmgmt_instance`: the generic planner applies the schema's declared behaviour
// (replacement, service-set outputs); this adds what is particular to the instance (a new revision's
// manifest version, the values a reconfigure resets).

import {
  type Diagnostic,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  UNKNOWN,
  type ValueObject,
} from "../../terraform-model";
import { markUpdatedOutputs, plannedCreate, replacementPaths } from "../planner";
import { asObject, sameValue, stringMap } from "../values";
import { checkInstanceAttributes } from "./checks";
import { manifestNotices } from "./manifest-notices";
import { decodeInstance } from "./model";
import { desiredInstance, instanceNow } from "./desired";
import { planResets } from "./resets";
import { INSTANCE_ATTRIBUTES } from "./schema";

export function validateInstance(config: ValueObject): Diagnostic[] {
  const model = decodeInstance(config);
  return checkInstanceAttributes(model, desiredInstance(model), "launch");
}

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const priorValue = asObject(req.priorState);
  const configValue = asObject(req.config) ?? proposed;
  const config = decodeInstance(configValue);
  const desired = desiredInstance(config);
  const diagnostics = checkInstanceAttributes(config, desired, priorValue ? "reconfigure" : "launch");
  if (!diagnostics.some((d) => d.severity === "error"))
    diagnostics.push(...manifestNotices(desired, !priorValue));
  if (!priorValue) {
    return {
      plannedState: plannedCreate(INSTANCE_ATTRIBUTES, proposed, configValue),
      requiresReplace: [],
      diagnostics,
    };
  }
  const planned: ValueObject = { ...proposed };
  const requiresReplace = replacementPaths(INSTANCE_ATTRIBUTES, priorValue, planned, configValue);
  const prior = decodeInstance(priorValue);
  // The rules decide whether the change reaches the service: not when only terraform-side settings
  // change, nor when the manifest proves it changes no value (after an import the state lists every value,
  // so a configuration relying on defaults differs from it). Then the service-set outputs stay as they are
  // and the update sends nothing (update.ts asks the same rule).
  const resets = requiresReplace.length === 0 ? planResets(instanceNow(prior), desired) : undefined;
  if (resets) {
    markUpdatedOutputs(INSTANCE_ATTRIBUTES, planned);
    // a new revision brings its own manifest version unless one is configured
    if (config.manifestVersion === null && !sameValue(prior.revisionId, config.revisionId)) {
      planned.manifest_version = UNKNOWN;
    }
    if (resets.effectiveParameters) planned.effective_parameters = stringMap(resets.effectiveParameters);
    diagnostics.push(...resets.warnings);
  }
  return { plannedState: planned, requiresReplace, diagnostics, plannedPrivate: req.priorPrivate };
}
