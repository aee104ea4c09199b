// The `appmgmt_environment` schema, each attribute's plan behaviour declared beside its description
// (src/provider/planner.ts applies it).

import type { Schema } from "../../terraform-model";
import { schemaAttributes, type DeclaredAttribute } from "../planner";
import { ID_FORMAT, str } from "../schema";

export const ENVIRONMENT_ATTRIBUTES: DeclaredAttribute[] = [
  // An update changes only what the configuration lists: every computed attribute left out keeps its value.
  { ...str("id", `Identifier of the environment, ${ID_FORMAT}.`, { computed: true }), onUpdate: "stable" },
  {
    ...str("organization_id", `Organization the environment belongs to, ${ID_FORMAT}.`, { required: true }),
    plan: "replace",
  },
  {
    ...str(
      "name",
      "Name of the environment. The service's API has no call that renames an environment: a new name makes a " +
        "new clone, and the old environment is only forgotten (see destroy).",
      { required: true },
    ),
    plan: "replace",
  },
  str(
    "clone_from",
    `The environment to clone, ${ID_FORMAT}: required to create one, since the public API creates environments ` +
      "only by cloning (the clone starts with its policies, properties and markers). Used only on create; an " +
      "imported environment needs none.",
    { optional: true },
  ),
  {
    ...str(
      "clone_from_name",
      "Name of the environment `clone_from` names, known at plan time when `clone_from` is (for the plan and " +
        "`appmgmt review`).",
      { computed: true },
    ),
    // planned on create (src/provider/environment-names.ts); the source of a clone never changes
    onUpdate: "stable",
  },
  {
    name: "properties",
    type: ["map", "string"],
    description:
      "The environment's properties, by name (letters, digits, `.`, `_`, `-`), values strings. Listed, they are " +
      "the complete set: the service's others are removed. Left out, the environment keeps what it has.",
    optional: true,
    computed: true,
    onUpdate: "stable",
  },
  {
    name: "property_types",
    type: ["map", "string"],
    description:
      "The type of each property whose type is not `string` (for example `int`, `bool`), by property name.",
    optional: true,
    computed: true,
    onUpdate: "stable",
  },
  {
    name: "markers",
    type: ["set", "string"],
    description:
      "The environment's markers. Listed, they are the complete set; left out, the environment keeps what it has.",
    optional: true,
    computed: true,
    onUpdate: "stable",
  },
  {
    ...str(
      "policies",
      "The environment's policies as YAML, as the service exports and imports them (a mapping, e.g. " +
        "`policies: [...]`); compared by meaning, so a reformatted file is no change. Left out, the environment " +
        "keeps what it has.",
      { optional: true, computed: true },
    ),
    onUpdate: "stable",
  },
  {
    name: "default",
    type: "bool",
    description: "Whether the service makes this its organization's default environment.",
    computed: true,
    onUpdate: "stable",
  },
];

export const environmentSchema: Schema = {
  version: 0,
  block: {
    description:
      "An environment of an organization, where instances run: its properties, markers and policies. Created by " +
      "cloning `clone_from` (the public API has no other way), updated in place. The API has no call that deletes " +
      "an environment: destroy forgets it with a warning, and refuses while instances still run in it. Import with " +
      "the environment id.",
    attributes: schemaAttributes(ENVIRONMENT_ATTRIBUTES, "environment"),
  },
};
