// Delete: a run cannot be undone, so destroy only removes it from the state (as terraform_data does).

import type { ApplyResult } from "../resource";

export function forgetWorkflowRun(): Promise<ApplyResult> {
  return Promise.resolve({ newState: null, diagnostics: [] });
}
