// The `appmgmt_instance_workflow` schema: a run of a named workflow on a running instance, replaced (run
// again) whenever what it runs or its triggers change, as terraform_data with triggers_replace.

import type { Schema } from "../../terraform-model";
import { schemaAttributes, type DeclaredAttribute } from "../planner";
import { DEFAULT_TIMEOUT, ID_FORMAT, str } from "../schema";

export const WORKFLOW_ATTRIBUTES: DeclaredAttribute[] = [
  // A run changes nothing in place (that replaces it), so every output is stable.
  {
    ...str(
      "id",
      "Identifier of the run: `INSTANCE_ID/WORKFLOW/N`, N its place in the instance's workflow history.",
      { computed: true },
    ),
    onUpdate: "stable",
  },
  {
    ...str("instance_id", `Instance to run the workflow on, ${ID_FORMAT}.`, { required: true }),
    plan: "replace",
  },
  {
    ...str(
      "workflow",
      "Name of a workflow the instance's manifest declares: one under `application.workflows`, or a command of " +
        "the application's interface (`<interface>.<command>`, a pin bound to a component's `receive-command`). " +
        "`launch`, `reconfigure` and `destroy` are not run by name: the `appmgmt_instance` resource runs them.",
      { required: true },
    ),
    plan: "replace",
  },
  {
    name: "parameters",
    type: ["map", "string"],
    description:
      "The workflow's parameters, by the names its manifest declares. A change runs the workflow again.",
    optional: true,
    plan: "replace",
  },
  {
    name: "secret_parameters",
    type: ["map", "string"],
    description:
      "Secret workflow parameters (passwords, keys): write-only, sent with `parameters`, never stored in the " +
      "plan or the state; a return value that echoes one is left out of `return_values`. Terraform never sees " +
      "their values, so a new value alone does not run the workflow again: change `triggers` as well. A name " +
      "may not also be in `parameters`. Needs terraform 1.11 or later.",
    optional: true,
    writeOnly: true,
  },
  {
    name: "triggers",
    type: ["map", "string"],
    description:
      "Arbitrary values whose change runs the workflow again (as `terraform_data`'s `triggers_replace`), " +
      "e.g. `{ manifest_version = appmgmt_instance.shop.manifest_version }`. Never sent to the service.",
    optional: true,
    plan: "replace",
  },
  str(
    "manifest",
    "YAML text of the instance's application manifest (e.g. `appmgmt_instance.shop.manifest`). Optional; when " +
      "set, `workflow` and `parameters` are checked against its workflows and interface commands at plan time. " +
      "Never sent to the service.",
    { optional: true },
  ),
  {
    ...str(
      "status",
      "How the run ended: `Succeeded` (a failed run is an error, and the resource is tainted).",
      {
        computed: true,
      },
    ),
    onUpdate: "stable",
  },
  {
    name: "return_values",
    type: ["map", "string"],
    description:
      "The instance's return values after the run (non-string values JSON-encoded), but those whose value is " +
      "one of the run's `secret_parameters`.",
    computed: true,
    onUpdate: "stable",
  },
];

export const workflowSchema: Schema = {
  version: 0,
  block: {
    description:
      "Runs a workflow of a running instance once, and again whenever `instance_id`, `workflow`, `parameters` or " +
      "`triggers` change; create waits until the run ends. Destroy only removes it from the state: a run cannot " +
      "be undone.",
    attributes: schemaAttributes(WORKFLOW_ATTRIBUTES, "run (the workflow runs again)"),
    blockTypes: [
      {
        typeName: "timeouts",
        nesting: "single",
        block: {
          description: "How long a run may take.",
          attributes: [
            str(
              "create",
              "How long to wait for the run (including while another workflow of the instance runs), as a " +
                `duration such as \`"30m"\`. Default: \`${DEFAULT_TIMEOUT}\`.`,
              { optional: true },
            ),
          ],
        },
      },
    ],
  },
};
