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
import { decodeInstance, type InstanceModel } from "./model";
import { decodePrivate } from "./private";
import { planResets } from "./resets";
import { configSecretNames, configuredSecretNames, secretsChange, withSecretsListed } from "./secrets";
import { INSTANCE_ATTRIBUTES } from "./schema";

export function validateInstance(config: ValueObject): Diagnostic[] {
  return checkInstanceAttributes(decodeInstance(config), "launch");
}

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const priorValue = asObject(req.priorState);
  const configValue = asObject(req.config) ?? proposed;
  const config = decodeInstance(configValue);
  const diagnostics = checkInstanceAttributes(config, priorValue ? "reconfigure" : "launch");
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
  if (requiresReplace.length === 0 && needsReconfigure(prior, config)) {
    const resets = planResets(prior, withSecretsListed(config), decodePrivate(req.priorPrivate));
    // After an import the state lists every value, so a configuration relying on defaults differs from it
    // without changing anything on the service: when the manifest proves that, the update sends nothing
    // (update.ts asks reachesService, the same question) and the service-set outputs stay as they are.
    if (!resets.changesNothing || secretsChange(prior, config)) {
      markUpdatedOutputs(INSTANCE_ATTRIBUTES, planned);
      // a new revision brings its own manifest version unless one is configured
      if (config.manifestVersion === null && !sameValue(prior.revisionId, config.revisionId)) {
        planned.manifest_version = UNKNOWN;
      }
      if (resets.effectiveParameters)
        planned.effective_parameters = stringMap(
          configSecretNames(config).without(resets.effectiveParameters),
        );
      diagnostics.push(...resets.warnings);
    }
  }
  return { plannedState: planned, requiresReplace, diagnostics, plannedPrivate: req.priorPrivate };
}

/**
 * Whether the change reaches the service (timeouts and manifest text are local only). Secret values are
 * never in a state: a new version, or secret names added or removed, is what sends them again.
 */
export function needsReconfigure(prior: InstanceModel, config: InstanceModel): boolean {
  return (
    !sameValue(prior.parameters ?? {}, config.parameters ?? {}) ||
    secretsChange(prior, config) ||
    !sameValue(prior.submodules ?? {}, config.submodules ?? {}) ||
    !sameValue(prior.revisionId, config.revisionId) ||
    (config.manifestVersion !== null && !sameValue(prior.manifestVersion, config.manifestVersion))
  );
}
