// The `appmgmt_instance_workflow` resource: one file per job it does, as src/provider/instance/. A run is no
// object of the service, so the rest is defineResource's defaults: read keeps the state (the run is over and
// its outputs are what it left), an in-place update (timeouts, manifest) is its plan, destroy forgets the run
// (as terraform_data does), import is refused.

import { defineResource } from "../resource";
import { createWorkflowRun } from "./create";
import { planWorkflow, validateWorkflow } from "./plan";
import { workflowSchema } from "./schema";
import { WORKFLOW_TYPE } from "../resource-types";

export const instanceWorkflowResource = defineResource({
  typeName: WORKFLOW_TYPE,
  schema: workflowSchema,
  validate: validateWorkflow,
  plan: planWorkflow,
  create: (ctx, planned, config) => createWorkflowRun(ctx, planned, config),
  notImportable:
    "A workflow run is not an object of the service: declare the resource and apply to run the workflow, " +
    "or leave it out if the run is already done.",
});
