// Validate and plan `appmgmt_instance`: the generic planner applies the schema's declared behaviour
// (replacement, service-set outputs unknown on update); the in-place hook adds what is particular to the
// instance (a change that never reaches the service, new secrets to send, a new revision's manifest
// version, the values a reconfigure resets). The request is decoded once, at this door (change.ts).

import {
  asObject,
  type Diagnostic,
  isUnknown,
  type PlanResourceChangeRequest,
  sameValue,
  type PlanResourceChangeResponse,
  UNKNOWN,
  type ValueObject,
} from "../../terraform-model";
import { type InPlacePlan, planDeclared } from "../planner";
import { stringMap } from "../values";
import { decodeCall, type InstanceCall } from "./change";
import { checkInstanceAttributes, checkPlan } from "./checks";
import { encodeEffectiveSubmodules } from "./model";
import { planResets } from "./resets";
import { plannedSubmoduleValues } from "./submodule-defaults";
import { SecretNames, unsentHeldSecrets, unsentSecretErrors } from "./secrets";
import { INSTANCE_ATTRIBUTES } from "./schema";

/** The configuration alone: it cannot tell a launch from a reconfigure, so its findings name neither. */
export function validateInstance(config: ValueObject): Diagnostic[] {
  return checkInstanceAttributes(decodeCall(config, null), undefined);
}

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const call = decodePlan(req);
  // a destroy: nothing of the instance's own to check or plan
  if (!call) return planDeclared(req, INSTANCE_ATTRIBUTES, () => []);
  const plan = planDeclared(
    req,
    INSTANCE_ATTRIBUTES,
    () => checkPlan(call),
    () => planReconfigure(call),
  );
  if (plan.plannedState === null) return plan;
  // the names are known from the configuration (none: null, as in states written before secrets existed)
  return { ...plan, plannedState: { ...plan.plannedState, secret_parameter_names: call.secretNames } };
}

/**
 * A PlanResourceChange decoded: its configuration (as the planner reads it, the proposed state where none is
 * given), prior state and private state; none on a destroy, which plans nothing of the instance's own.
 */
function decodePlan(req: PlanResourceChangeRequest): InstanceCall | undefined {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return undefined;
  const config = asObject(req.config) ?? proposed;
  const prior = asObject(req.priorState);
  return decodeCall(config, prior, req.priorPrivate);
}

/**
 * An in-place update: what the reconfigure resets, and the outputs it sets (unknown, or known exactly; the
 * submodules' effective values stored against the planned configuration, model.ts).
 */
function planReconfigure({ config, prior, change }: InstanceCall): InPlacePlan {
  // The rules decide whether the change reaches the service: not when only terraform-side settings
  // change, nor when the manifest proves it changes no value (after an import the state lists every value,
  // so a configuration relying on defaults differs from it). Then the service-set outputs stay as they are
  // and the update sends nothing (update.ts asks the same rule). New secrets (a new version, names added or
  // removed) are sent whatever the rule says.
  const resets = planResets(change);
  const localOnly = !resets && !change.secrets.sent;
  const planned: ValueObject = {};
  if (!localOnly) {
    // the reconfigure resets what it does not list: a secret the service holds must be in it
    const unsent = unsentSecretErrors(unsentHeldSecrets(prior!, config, change.desired));
    if (unsent.length > 0) return { diagnostics: unsent };
    // a new revision brings its own manifest version unless one is configured
    if (config.manifestVersion === null && !sameValue(prior!.revisionId, config.revisionId))
      planned.manifest_version = UNKNOWN;
    const names = change.secrets.names;
    if (resets?.effectiveParameters)
      planned.effective_parameters = stringMap(
        new SecretNames(isUnknown(names) ? [] : names).without(resets.effectiveParameters),
      );
  }
  // the submodules' values: kept, or those left to a known default planned as that default (the review reads
  // them there)
  const submodules = localOnly
    ? prior!.effectiveSubmodules
    : resets &&
      plannedSubmoduleValues(prior!, resets.submoduleDefaults, change.desired, change.now?.submoduleDefaults);
  if (submodules) planned.effective_submodules = encodeEffectiveSubmodules(submodules, config.submodules);
  return { localOnly, planned, diagnostics: resets?.warnings ?? [] };
}
