// The `appmgmt_instance_workflow` resource: one file per job, as src/provider/instance/. Read keeps the
// state as it is: the run is over, and its outputs are what the run left.

import type { Resource } from "../resource";
import { createWorkflowRun } from "./create";
import { forgetWorkflowRun } from "./delete";
import { importWorkflowRun } from "./import";
import { planWorkflow, validateWorkflow } from "./plan";
import { workflowSchema } from "./schema";
import { WORKFLOW_TYPE } from "../../resource-types";
import { updateWorkflowRun } from "./update";

export const instanceWorkflowResource: Resource = {
  typeName: WORKFLOW_TYPE,
  schema: workflowSchema,
  validate: validateWorkflow,
  plan: planWorkflow,
  create: (ctx, planned) => createWorkflowRun(ctx, planned),
  read: (_ctx, req) => Promise.resolve({ newState: req.currentState, diagnostics: [] }),
  update: (_ctx, _prior, planned) => updateWorkflowRun(planned),
  delete: () => forgetWorkflowRun(),
  import: () => importWorkflowRun(),
};
