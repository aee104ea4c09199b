// The `appmgmt_instance` schema, with each attribute's plan behaviour declared beside its description
// (src/provider/planner.ts applies it and writes the "Changing it replaces the instance." sentence).

import type { Schema, SchemaAttribute } from "../../terraform-model";
import { schemaAttributes, type DeclaredAttribute } from "../planner";
import { DEFAULT_TIMEOUT, ID_FORMAT, str } from "../schema";

export const TIMEOUT_OPERATIONS = ["create", "update", "delete"] as const;
export type TimeoutOperation = (typeof TIMEOUT_OPERATIONS)[number];

const submoduleAttributes: DeclaredAttribute[] = [
  {
    ...str("revision_id", `Revision of the submodule, ${ID_FORMAT}. Applied at launch only.`, {
      optional: true,
    }),
    plan: "replace",
  },
  {
    name: "manifest_version",
    type: "number",
    description: "Manifest version of the submodule.",
    optional: true,
  },
  {
    name: "parameters",
    type: ["map", "string"],
    description:
      "Submodule parameters, keyed `<interface>.<pin>` (e.g. `input.<name>`). A parameter that the manifest binds (to a main " +
      "parameter, or to a parameter of the parent submodule) cannot be set here: set the binding one instead.",
    optional: true,
  },
  {
    name: "secret_parameters",
    type: ["map", "string"],
    description:
      "Secret submodule parameters (passwords, keys), keyed `<interface>.<pin>` (e.g. `input.<name>`): write-only, sent with " +
      "`parameters` at launch and every reconfigure, never stored in the plan or the state. " +
      "`secret_parameters_version` of the instance says when they change. Needs terraform 1.11 or later.",
    optional: true,
    writeOnly: true,
  },
  str(
    "manifest",
    "YAML text of the submodule's own application manifest, e.g. `appmgmt_application.db.manifest` of the child " +
      "application in the same configuration. Optional; when set, the plan knows the defaults of the submodule's " +
      "free parameters while it keeps its manifest version, so a reconfigure that leaves one out keeps it or " +
      "resets it to that default instead of possibly resetting it. Never sent to the service.",
    { optional: true },
  ),
];

const timeoutAttributes: SchemaAttribute[] = TIMEOUT_OPERATIONS.map((op) =>
  str(
    op,
    `How long to wait for the ${op} workflow to finish, as a duration such as \`"30m"\`, \`"1h30m"\` or ` +
      `\`"45s"\`. Default: \`${DEFAULT_TIMEOUT}\`.`,
    { optional: true },
  ),
);

export const INSTANCE_ATTRIBUTES: DeclaredAttribute[] = [
  { ...str("id", `Identifier of the instance, ${ID_FORMAT}.`, { computed: true }), onUpdate: "stable" },
  { ...str("application_id", `Application to launch, ${ID_FORMAT}.`, { required: true }), plan: "replace" },
  {
    ...str(
      "instance_name",
      "Name of the instance; the service generates one when unset. Setting it lets the provider find " +
        "the instance again if a launch's answer is lost.",
      { optional: true, computed: true },
    ),
    plan: "replace-when-configured",
    onUpdate: "stable",
  },
  {
    ...str(
      "environment_id",
      `Environment to launch into, ${ID_FORMAT}. Default: the organization's default environment.`,
      { optional: true, computed: true },
    ),
    plan: "replace-when-configured",
    onUpdate: "stable",
  },
  {
    ...str(
      "environment_name",
      "Name of the instance's environment, known at plan time when `environment_id` is (not when the " +
        "environment is created in the same apply).",
      { computed: true },
    ),
    // planned on create (environment-name.ts); an instance never changes environment in place
    onUpdate: "stable",
  },
  str(
    "revision_id",
    `Revision of the application to run, ${ID_FORMAT}. Its stored versions and values apply; ` +
      "explicit `parameters` override them.",
    { optional: true },
  ),
  {
    name: "manifest_version",
    type: "number",
    description:
      "Manifest version the instance runs. Default: the latest version at launch. Changing it " +
      "resets parameters not listed in `parameters` to the new version's defaults.",
    optional: true,
    computed: true,
    // a new revision's version is planned by plan.ts
    onUpdate: "stable",
  },
  {
    name: "parameters",
    type: ["map", "string"],
    description:
      "Main parameters, keyed `<interface>.<pin>` (e.g. `input.<name>`), values strings. Parameters not listed take their " +
      "defaults: removing one resets it to its default (the plan warns about it).",
    optional: true,
  },
  {
    name: "secret_parameters",
    type: ["map", "string"],
    description:
      "Secret main parameters (passwords, API keys, certificates), keyed `<interface>.<pin>` (e.g. `input.<name>`): write-only, sent " +
      "with `parameters` at launch and with every reconfigure (the service resets what a reconfigure does " +
      "not list), never stored in the plan or the state. A name may not also be in `parameters`. A new " +
      "value is sent when `secret_parameters_version` changes. Needs terraform 1.11 or later.",
    optional: true,
    writeOnly: true,
  },
  {
    name: "secret_parameters_version",
    type: "number",
    description:
      "Version of `secret_parameters` (the instance's and its submodules'): changing it sends the secrets " +
      "again in one reconfigure, in place. Terraform never sees a secret's value, so a new value with the " +
      "same version plans nothing.",
    optional: true,
  },
  {
    name: "secret_parameter_names",
    type: ["list", "string"],
    description:
      "Names (never values) of the secret parameters: main ones as `<interface>.<pin>`, a submodule's as " +
      "`<path>/<interface>.<pin>`. Their values the service reports are kept out of `effective_parameters` " +
      "and every other attribute.",
    computed: true,
    // planned from the configuration's secret names (plan.ts), on create and on update
    onUpdate: "stable",
  },
  {
    name: "submodules",
    description:
      "Per-submodule settings, keyed by the submodule's name in the manifest; a submodule of a submodule by " +
      'its path, the names joined by `/` (`"db/replica"`).',

    optional: true,
    nestedType: { nesting: "map", attributes: submoduleAttributes },
  },
  str(
    "manifest",
    "YAML text of the application manifest. Optional; when set, `parameters` and `submodules` are " +
      "checked against it at plan time (unknown names, bound submodule parameters). Never sent to the service.",
    { optional: true },
  ),
  str(
    "auto_destroy_after",
    "How long after its launch the service destroys the instance on its own, as a duration such as " +
      '`"8h"` (for short-lived test instances). Unset: never (the service\'s default is one hour, so the ' +
      "provider always says which). Changing it on a running instance moves the scheduled destroy in place, " +
      "to that long after the apply that changes it; removing it cancels the schedule. Never a replacement.",
    { optional: true },
  ),
  str(
    "user_data",
    "Free text the service keeps with the instance (`PUT /api/1/instances/{id}/userData`), for example who owns " +
      "it. Set after the launch and changed in place, without a reconfigure. Unset: not managed.",
    { optional: true },
  ),
  {
    ...str(
      "status",
      "Status of the instance: `Requested`, `Executing`, `Running`, `Failed`, `Canceled`, `Suspended`, " +
        "`Destroying` or `Destroyed`.",
      { computed: true },
    ),
    onUpdate: "unknown",
  },
  {
    name: "effective_parameters",
    type: ["map", "string"],
    description: "Actual values of all main parameters, including defaults and values set by the revision.",
    computed: true,
    onUpdate: "unknown",
  },
  {
    name: "effective_submodules",
    description:
      "Actual state of every submodule, by submodule path (`db`, `db/replica`): its parameter values beyond " +
      "those its `submodules` entry sets to the same value, bound values and defaults included (what a " +
      "reconfigure that does not list them may reset).",
    computed: true,
    nestedType: {
      nesting: "map",
      attributes: [
        {
          name: "parameters",
          type: ["map", "string"],
          description:
            "Actual values of the submodule's parameters, but those its `submodules` entry sets and the service " +
            "holds as set.",
          computed: true,
        },
      ],
    },
    onUpdate: "unknown",
  },
  {
    name: "return_values",
    type: ["map", "string"],
    description:
      "Values returned by the instance's workflows (non-string values JSON-encoded), except those named " +
      "in `sensitive_return_values`, which no attribute holds.",
    computed: true,
    onUpdate: "unknown",
  },
  {
    name: "sensitive_return_values",
    type: ["list", "string"],
    description:
      "Names of return values that are secrets (a generated password): they are kept out of " +
      "`return_values` and out of the state altogether; read them with the ephemeral " +
      "`appmgmt_instance_return_values` (terraform 1.10 or later).",
    optional: true,
  },
];

/** 1 since issue 38: effective values stored without what the configuration sets (upgrade.ts upgrades 0). */
export const INSTANCE_SCHEMA_VERSION = 1;

export const instanceSchema: Schema = {
  version: INSTANCE_SCHEMA_VERSION,
  block: {
    description:
      "An application instance: launched on create, reconfigured in place on update (one request " +
      "carrying the complete desired configuration), destroyed on delete. Import with the instance id.",
    attributes: schemaAttributes(INSTANCE_ATTRIBUTES, "instance"),
    // A block, as in terraform's own providers: `timeouts { create = "10m" }`.
    blockTypes: [
      {
        typeName: "timeouts",
        nesting: "single",
        block: {
          description: "How long create, update and delete wait for their workflow.",
          attributes: timeoutAttributes,
        },
      },
    ],
  },
};
