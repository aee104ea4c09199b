// Validate and plan `appmgmt_instance`: the generic planner applies the schema's declared behaviour
// (replacement, service-set outputs unknown on update); the in-place hook adds what is particular to the
// instance (a change that never reaches the service, a new revision's manifest version, the values a
// reconfigure resets).

import {
  type Diagnostic,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  UNKNOWN,
  type ValueObject,
} from "../../terraform-model";
import { type InPlacePlan, planDeclared } from "../planner";
import { sameValue, stringMap } from "../values";
import { checkInstanceAttributes } from "./checks";
import { decodeInstance, type InstanceModel } from "./model";
import { desiredInstance, instanceNow } from "./desired";
import type { DesiredInstance } from "../../rules";
import { planResets } from "./resets";
import { INSTANCE_ATTRIBUTES } from "./schema";

export function validateInstance(config: ValueObject): Diagnostic[] {
  const model = decodeInstance(config);
  return checkInstanceAttributes(model, desiredInstance(model), "launch");
}

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  let config: InstanceModel | undefined;
  let desired: DesiredInstance | undefined;
  return planDeclared(
    req,
    INSTANCE_ATTRIBUTES,
    (value, updating) => {
      config = decodeInstance(value);
      desired = desiredInstance(config);
      return checkInstanceAttributes(config, desired, updating ? "reconfigure" : "launch");
    },
    (prior, planned) => planReconfigure(decodeInstance(prior), config!, desired!, planned),
  );
}

/** An in-place update: what the reconfigure resets, and the outputs it sets (unknown, or known exactly). */
function planReconfigure(
  prior: InstanceModel,
  config: InstanceModel,
  desired: DesiredInstance,
  planned: ValueObject,
): InPlacePlan {
  // The rules decide whether the change reaches the service: not when only terraform-side settings
  // change, nor when the manifest proves it changes no value (after an import the state lists every value,
  // so a configuration relying on defaults differs from it). Then the service-set outputs stay as they are
  // and the update sends nothing (update.ts asks the same rule).
  const resets = planResets(instanceNow(prior), desired);
  if (!resets) return { localOnly: true };
  // a new revision brings its own manifest version unless one is configured
  if (config.manifestVersion === null && !sameValue(prior.revisionId, config.revisionId)) {
    planned.manifest_version = UNKNOWN;
  }
  if (resets.effectiveParameters) planned.effective_parameters = stringMap(resets.effectiveParameters);
  return { diagnostics: resets.warnings };
}
