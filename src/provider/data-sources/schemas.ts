// The data sources' schemas; each data source file names its own.

import type { Schema, SchemaAttribute } from "../../terraform-model";
import { ID_FORMAT, str } from "../schema";

function dataSchema(description: string, attributes: SchemaAttribute[]): Schema {
  return { version: 0, block: { description, attributes } };
}

function computedList(name: string, description: string, attributes: SchemaAttribute[]): SchemaAttribute {
  return { name, description, computed: true, nestedType: { nesting: "list", attributes } };
}

const idName: SchemaAttribute[] = [
  str("id", `Identifier, ${ID_FORMAT}.`, { computed: true }),
  str("name", "Display name.", { computed: true }),
];

export const organizationsData = dataSchema("The organizations the configured credentials can access.", [
  computedList("organizations", "The organizations, in the service's order.", idName),
]);

export const applicationsData = dataSchema("The applications of an organization.", [
  str("organization_id", `Organization, ${ID_FORMAT}.`, { required: true }),
  computedList("applications", "The applications, in the service's order.", idName),
]);

export const revisionsData = dataSchema(
  "The named revisions of an application (saved launch settings), or the one revision of a given name.",
  [
    str("application_id", `Application, ${ID_FORMAT}.`, { required: true }),
    str(
      "name",
      "Only the revision of this name; the plan fails, listing the revisions that exist, when there is none.",
      { optional: true },
    ),
    computedList(
      "revisions",
      "The revisions (the one named, when `name` is set), in the service's order.",
      idName,
    ),
  ],
);

export const environmentsData = dataSchema("The environments of an organization.", [
  str("organization_id", `Organization, ${ID_FORMAT}.`, { required: true }),
  computedList("environments", "The environments, in the service's order.", [
    ...idName,
    {
      name: "default",
      type: "bool",
      description: "Whether launches without an environment go here.",
      computed: true,
    },
    {
      name: "online",
      type: "bool",
      description: "Whether it takes launches yet (a new clone comes online after a while).",
      computed: true,
    },
  ]),
]);

const instanceSummaryAttributes: SchemaAttribute[] = [
  ...idName,
  str("application_id", "Application the instance was launched from.", { computed: true }),
  str("revision_id", "Revision the instance runs, null when none.", { computed: true }),
  str("environment_id", "Environment of the instance.", { computed: true }),
  str("status", "Status of the instance.", { computed: true }),
];

export const instancesData = dataSchema(
  "The top-level instances of an environment or of an application (set at least one of the two), optionally " +
    "filtered by status.",
  [
    str("environment_id", `Environment, ${ID_FORMAT}; unset lists the application's instances everywhere.`, {
      optional: true,
    }),
    str("application_id", "Only instances of this application (alone: in every environment).", {
      optional: true,
    }),
    str("status", "Only instances with this status, e.g. `Running`.", { optional: true }),
    computedList("instances", "The matching instances, in the service's order.", instanceSummaryAttributes),
  ],
);

export const instanceData = dataSchema("The status of one instance.", [
  str("id", `Identifier of the instance, ${ID_FORMAT}.`, { required: true }),
  str("name", "Name of the instance.", { computed: true }),
  str("application_id", "Application the instance was launched from.", { computed: true }),
  str("environment_id", "Environment of the instance.", { computed: true }),
  str("revision_id", "Revision the instance runs, null when none.", { computed: true }),
  {
    name: "manifest_version",
    type: "number",
    description: "Manifest version the instance runs.",
    computed: true,
  },
  str("status", "Status of the instance.", { computed: true }),
  str("error_message", "Why the last workflow failed, null when it did not.", { computed: true }),
  {
    name: "secret_names",
    type: ["list", "string"],
    description:
      "Parameter names to leave out as secrets besides those that look secret, as `secret_parameter_names` " +
      "lists them (`<interface>.<pin>`, a submodule's `<path>/<interface>.<pin>`).",
    optional: true,
  },
  {
    name: "parameters",
    type: ["map", "string"],
    description:
      "Actual values of the main parameters, the secret ones (see `secret_parameter_names`) left out.",
    computed: true,
  },
  {
    name: "secret_parameter_names",
    type: ["list", "string"],
    description:
      "Names (never values) of the parameters left out of `parameters` and the submodules' `parameters` as " +
      "secrets: those named in `secret_names` and those that look secret (password, token, secret, key, cert…); " +
      "main ones as `<interface>.<pin>`, a submodule's as `<path>/<interface>.<pin>`. The service does not mark secrets.",
    computed: true,
  },
  {
    name: "submodules",
    description: "Actual settings of each submodule.",
    computed: true,
    nestedType: {
      nesting: "map",
      attributes: [
        str("revision_id", "Revision of the submodule, null when none.", { computed: true }),
        { name: "manifest_version", type: "number", description: "Manifest version.", computed: true },
        {
          name: "parameters",
          type: ["map", "string"],
          description: "Actual values of the submodule's parameters, the secret ones left out.",
          computed: true,
        },
      ],
    },
  },
  {
    name: "return_values",
    type: ["map", "string"],
    description:
      "Values returned by the instance's workflows (non-string values JSON-encoded), but those whose names " +
      "look secret: read those with the ephemeral `appmgmt_instance_return_values`, which stores nothing.",
    computed: true,
  },
]);
