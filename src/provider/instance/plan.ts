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
import { decodeInstance, type InstanceModel } from "./model";
import { desiredInstance, instanceNow } from "./desired";
import { planResets } from "./resets";
import {
  configSecretNames,
  configuredSecretNames,
  priorWithSecretsListed,
  secretsChange,
  withSecretsListed,
} from "./secrets";
import { INSTANCE_ATTRIBUTES } from "./schema";

export function validateInstance(config: ValueObject): Diagnostic[] {
  const model = decodeInstance(config);
  return checkInstanceAttributes(model, checkedModel(model), "launch");
}

/** What the checks see: secret names listed with unknown values (the rules never see a secret). */
const checkedModel = (config: InstanceModel) => desiredInstance(withSecretsListed(config, "unknown"));

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const priorValue = asObject(req.priorState);
  const configValue = asObject(req.config) ?? proposed;
  const config = decodeInstance(configValue);
  const checked = checkedModel(config);
  const diagnostics = checkInstanceAttributes(config, checked, priorValue ? "reconfigure" : "launch");
  if (!diagnostics.some((d) => d.severity === "error"))
    diagnostics.push(...manifestNotices(checked, !priorValue));
  // none: null, as in states written before secrets existed (no spurious update after an upgrade)
  const names = configuredSecretNames(config);
  const secretNames = names === undefined ? UNKNOWN : names.length > 0 ? names : null;
  if (!priorValue) {
    const created = plannedCreate(INSTANCE_ATTRIBUTES, proposed, configValue);
    return {
      plannedState: { ...created, secret_parameter_names: secretNames },
      requiresReplace: [],
      diagnostics,
    };
  }
  const planned: ValueObject = { ...proposed, secret_parameter_names: secretNames };
  const requiresReplace = replacementPaths(INSTANCE_ATTRIBUTES, priorValue, planned, configValue);
  const prior = decodeInstance(priorValue);
  // The rules decide whether the change reaches the service: not when only terraform-side settings
  // change, nor when the manifest proves it changes no value (after an import the state lists every value,
  // so a configuration relying on defaults differs from it). Then the service-set outputs stay as they are
  // and the update sends nothing (update.ts asks the same rule).
  // Secrets count as listed (the same placeholder on both sides: no state holds their values); new
  // secrets (a new version, names added or removed) are sent whatever the rule says.
  const update = requiresReplace.length === 0 ? ruleInputs(prior, config) : undefined;
  const resets = update && planResets(update.now, update.desired);
  if (resets || (update && secretsChange(prior, config))) {
    markUpdatedOutputs(INSTANCE_ATTRIBUTES, planned);
    // a new revision brings its own manifest version unless one is configured
    if (config.manifestVersion === null && !sameValue(prior.revisionId, config.revisionId)) {
      planned.manifest_version = UNKNOWN;
    }
    if (resets?.effectiveParameters)
      planned.effective_parameters = stringMap(configSecretNames(config).without(resets.effectiveParameters));
    diagnostics.push(...(resets?.warnings ?? []));
  }
  return { plannedState: planned, requiresReplace, diagnostics, plannedPrivate: req.priorPrivate };
}

/** The reset rule's inputs for an update, secrets listed with the same placeholder on both sides. */
export function ruleInputs(prior: InstanceModel, config: InstanceModel) {
  return {
    now: instanceNow(priorWithSecretsListed(prior)),
    desired: desiredInstance(withSecretsListed(config, "placeholder")),
  };
}
