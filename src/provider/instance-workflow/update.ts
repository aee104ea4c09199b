// Update: only what needs no run changes in place (timeouts, manifest): the planned state as it is.

import type { ValueObject } from "../../terraform-model";
import type { ApplyResult } from "../resource";

export function updateWorkflowRun(planned: ValueObject): Promise<ApplyResult> {
  return Promise.resolve({ newState: planned, diagnostics: [] });
}
