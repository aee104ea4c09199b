// A stored `appmgmt_instance` state of an earlier schema version, as this version stores it (UpgradeResourceState;
// the protocol layer has already decoded it against this schema's type). Version 0 (every release before issue 38)
// stored effective_parameters and effective_submodules whole, and a sensitive_return_value_map that this schema
// no longer has (so the decoding dropped it). Version 1 stores the effective values without what the
// configuration sets (src/rules/effective.ts): the decoded model has them whole either way, so encoding it
// again is the whole upgrade. Only those two attributes are re-encoded; every other value stays as stored.

import { asObject, type Diagnosed, type Value } from "../../terraform-model";
import { INSTANCE_TYPE } from "../resource-types";
import { keepOrRefuse } from "../resource";
import { decodeInstance, encodeInstance } from "./model";
import { INSTANCE_SCHEMA_VERSION } from "./schema";

export function upgradeInstance(version: number, rawState: Value): Diagnosed & { upgradedState: Value } {
  const state = asObject(rawState);
  if (version >= INSTANCE_SCHEMA_VERSION || state === null)
    return keepOrRefuse(INSTANCE_TYPE, INSTANCE_SCHEMA_VERSION, version, rawState);
  const { effective_parameters, effective_submodules } = encodeInstance(decodeInstance(state));
  return { upgradedState: { ...state, effective_parameters, effective_submodules }, diagnostics: [] };
}
