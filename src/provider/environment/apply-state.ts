// The state after an apply: what the plan knew, and what the service says for what it did not.

import { isUnknown, type ValueObject } from "../../terraform-model";

/** `planned` with each unknown attribute taken from `read` (terraform requires the known ones unchanged). */
export function afterApply(planned: ValueObject, read: ValueObject): ValueObject {
  const out: ValueObject = { ...planned };
  for (const [k, v] of Object.entries(planned)) if (isUnknown(v) && Object.hasOwn(read, k)) out[k] = read[k];
  return out;
}
