// Validate and plan `appmgmt_instance`: the generic planner applies the schema's declared behaviour
// (replacement, service-set outputs unknown on update); the in-place hook adds what is particular to the
// instance (a change that never reaches the service, new secrets to send, a new revision's manifest
// version, the values a reconfigure resets).

import {
  type Diagnostic,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  UNKNOWN,
  type ValueObject,
} from "../../terraform-model";
import { type InPlacePlan, planDeclared } from "../planner";
import { asObject, sameValue, stringMap } from "../values";
import { checkInstanceAttributes } from "./checks";
import { manifestNotices } from "./manifest-notices";
import { decodeInstance, type InstanceModel, withPlannedEffective } from "./model";
import { desiredInstance, instanceNow } from "./desired";
import { planResets } from "./resets";
import { unsentHeldSecrets, unsentSecretErrors } from "./held-secrets";
import { decodePrivate, type InstancePrivate } from "./private";
import { defaultsForRule, plannedSubmoduleValues } from "./submodule-defaults";
import {
  configSecretNames,
  configuredSecretNames,
  priorWithSecretsListed,
  secretsChange,
  withSecretsListed,
} from "./secrets";
import { INSTANCE_ATTRIBUTES } from "./schema";

/** The configuration alone: it cannot tell a launch from a reconfigure, so its findings name neither. */
export function validateInstance(config: ValueObject): Diagnostic[] {
  const model = decodeInstance(config);
  return checkInstanceAttributes(model, checkedModel(model), undefined);
}

/** What the checks see: secret names listed with unknown values (the rules never see a secret). */
const checkedModel = (config: InstanceModel) => desiredInstance(withSecretsListed(config, "unknown"));

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  let config: InstanceModel | undefined;
  const plan = planDeclared(
    req,
    INSTANCE_ATTRIBUTES,
    (value, updating) => {
      config = decodeInstance(value);
      const checked = checkedModel(config);
      const diagnostics = checkInstanceAttributes(config, checked, updating ? "reconfigure" : "launch");
      if (!diagnostics.some((d) => d.severity === "error"))
        diagnostics.push(...manifestNotices(checked, !updating));
      return diagnostics;
    },
    (prior, planned, priorPrivate) =>
      planReconfigure(decodeInstance(prior), config!, planned, decodePrivate(priorPrivate)),
  );
  const planned = asObject(plan.plannedState);
  if (planned === null || config === undefined) return plan;
  // the names are known from the configuration (none: null, as in states written before secrets existed)
  const names = configuredSecretNames(config);
  const secretNames = names === undefined ? UNKNOWN : names.length > 0 ? names : null;
  const plannedState = { ...planned, secret_parameter_names: secretNames };
  return { ...plan, plannedState: withPlannedEffective(plannedState, asObject(req.priorState)) };
}

/** An in-place update: what the reconfigure resets, and the outputs it sets (unknown, or known exactly). */
function planReconfigure(
  prior: InstanceModel,
  config: InstanceModel,
  planned: ValueObject,
  priv: InstancePrivate,
): InPlacePlan {
  // The rules decide whether the change reaches the service: not when only terraform-side settings
  // change, nor when the manifest proves it changes no value (after an import the state lists every value,
  // so a configuration relying on defaults differs from it). Then the service-set outputs stay as they are
  // and the update sends nothing (update.ts asks the same rule). Secrets count as listed (the same
  // placeholder on both sides: no state holds their values); new secrets (a new version, names added or
  // removed) are sent whatever the rule says.
  const rule = ruleInputs(prior, config, priv);
  const resets = planResets(rule.now, rule.desired);
  if (!resets && !secretsChange(prior, config)) return { localOnly: true };
  // the reconfigure resets what it does not list: a secret the service holds must be in it
  const unsent = unsentSecretErrors(unsentHeldSecrets(prior, config, rule.desired));
  if (unsent.length > 0) return { diagnostics: unsent };
  // a new revision brings its own manifest version unless one is configured
  if (config.manifestVersion === null && !sameValue(prior.revisionId, config.revisionId)) {
    planned.manifest_version = UNKNOWN;
  }
  if (resets?.effectiveParameters)
    planned.effective_parameters = stringMap(configSecretNames(config).without(resets.effectiveParameters));
  // the submodule values left to a known default, planned as that default (the review reads them there)
  const submodules =
    resets &&
    plannedSubmoduleValues(prior, resets.submoduleDefaults, rule.desired, rule.now.submoduleDefaults);
  if (submodules) planned.effective_submodules = submodules;
  return { diagnostics: resets?.warnings ?? [] };
}

/**
 * The reset rule's inputs for an update, secrets listed with the same placeholder on both sides, with the
 * submodule values the private state records at their defaults.
 */
export function ruleInputs(prior: InstanceModel, config: InstanceModel, priv: InstancePrivate) {
  return {
    now: instanceNow(priorWithSecretsListed(prior), defaultsForRule(priv.defaults, prior, config)),
    desired: desiredInstance(withSecretsListed(config, "placeholder")),
  };
}
