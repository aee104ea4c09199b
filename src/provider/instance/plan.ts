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
import { decodePrivate } from "./private";
import { planResets } from "./resets";
import { INSTANCE_ATTRIBUTES } from "./schema";

export function validateInstance(config: ValueObject): Diagnostic[] {
  return checkInstanceAttributes(decodeInstance(config), "launch");
}

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  let config: InstanceModel | undefined;
  return planDeclared(
    req,
    INSTANCE_ATTRIBUTES,
    (value, updating) =>
      checkInstanceAttributes((config = decodeInstance(value)), updating ? "reconfigure" : "launch"),
    (prior, planned, priorPrivate) => planReconfigure(decodeInstance(prior), config!, planned, priorPrivate),
  );
}

/** An in-place update: what the reconfigure resets, and the outputs it sets (unknown, or known exactly). */
function planReconfigure(
  prior: InstanceModel,
  config: InstanceModel,
  planned: ValueObject,
  priorPrivate: Buffer,
): InPlacePlan {
  if (!needsReconfigure(prior, config)) return { localOnly: true };
  const resets = planResets(prior, config, decodePrivate(priorPrivate));
  // After an import the state lists every value, so a configuration relying on defaults differs from it
  // without changing anything on the service: when the manifest proves that, the update sends nothing
  // (update.ts asks reachesService, the same question) and the service-set outputs stay as they are.
  if (resets.changesNothing) return { localOnly: true };
  // a new revision brings its own manifest version unless one is configured
  if (config.manifestVersion === null && !sameValue(prior.revisionId, config.revisionId)) {
    planned.manifest_version = UNKNOWN;
  }
  if (resets.effectiveParameters) planned.effective_parameters = stringMap(resets.effectiveParameters);
  return { diagnostics: resets.warnings };
}

/** Whether the change reaches the service (timeouts and manifest text are local only). */
export function needsReconfigure(prior: InstanceModel, config: InstanceModel): boolean {
  return (
    !sameValue(prior.parameters ?? {}, config.parameters ?? {}) ||
    !sameValue(prior.submodules ?? {}, config.submodules ?? {}) ||
    !sameValue(prior.revisionId, config.revisionId) ||
    (config.manifestVersion !== null && !sameValue(prior.manifestVersion, config.manifestVersion))
  );
}
