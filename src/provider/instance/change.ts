// An `appmgmt_instance` plan or update, decoded once at the RPC's door: the configuration and the prior state
// as the typed model (model.ts) for the provider's own checks and requests, and as the rules' one
// `InstanceChange` (src/rules/inputs.ts, the adapter `appmgmt review` and the constructs call too), which the
// checks, the notices, the reset warnings and the update's decision all read.

import {
  instanceChange,
  instanceInputs,
  markedUnknown,
  type InstanceChange,
  type InstanceInputs,
} from "../../rules";
import { UNKNOWN, type ValueObject } from "../../terraform-model";
import { decodeInstance, type InstanceModel } from "./model";
import { decodePrivate, type InstancePrivate } from "./private";
import { configuredSecretNames } from "./secrets";

export interface InstanceCall {
  config: InstanceModel;
  /** The prior state; none on a create. */
  prior?: InstanceModel;
  priv: InstancePrivate;
  change: InstanceChange;
  /** The `secret_parameter_names` the configuration plans: unknown while a map or a key is, null for none. */
  secretNames: ValueObject[string];
}

/** `config` and `prior` (null on a create) with the private state the call brings. */
export function decodeCall(
  config: ValueObject,
  prior: ValueObject | null,
  privateState?: Buffer,
): InstanceCall {
  const model = decodeInstance(config);
  const priorModel = prior ? decodeInstance(prior) : undefined;
  const names = configuredSecretNames(model);
  const secretNames = names === undefined ? UNKNOWN : names.length > 0 ? names : null;
  const priv = decodePrivate(privateState);
  const after = inputs({ ...config, secret_parameter_names: secretNames });
  const before = prior ? inputs(prior) : undefined;
  return {
    config: model,
    ...(priorModel && { prior: priorModel }),
    priv,
    change: instanceChange(after, before, priv.defaults),
    secretNames,
  };
}

const inputs = (values: ValueObject): InstanceInputs => instanceInputs(values, markedUnknown(values));
