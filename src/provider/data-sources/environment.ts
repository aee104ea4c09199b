// Data source `appmgmt_environment`: one environment, by `id` or by `organization_id` and `name`, with its
// properties, markers, policies and default flag.

import { Diagnostics, type ValueObject } from "../../terraform-model";
import type { EnvironmentSummary } from "../../client/types";
import { ENVIRONMENT_TYPE } from "../resource-types";
import type { ProviderContext } from "../context";
import { readEnvironmentSettings } from "../environment/settings";
import { checkIdAttributes } from "../id-attributes";
import { ID_FORMAT, str } from "../schema";
import { attrPath, knownString } from "../values";
import { ConfigurationMismatchError, type DataSource } from "./data-source";

const ENVIRONMENT_DATA_ATTRIBUTES = [
  str("id", `The environment, ${ID_FORMAT}; or give organization_id and name.`, {
    optional: true,
    computed: true,
  }),
  str("organization_id", `Organization, ${ID_FORMAT}: found from id when left out.`, {
    optional: true,
    computed: true,
  }),
  str("name", "Name of the environment, with organization_id: it must name exactly one.", {
    optional: true,
    computed: true,
  }),
  {
    name: "properties",
    type: ["map", "string"] as ["map", "string"],
    description: "Properties by name.",
    computed: true,
  },
  {
    name: "property_types",
    type: ["map", "string"] as ["map", "string"],
    description: "The type of each property whose type is not `string`.",
    computed: true,
  },
  { name: "markers", type: ["set", "string"] as ["set", "string"], description: "Markers.", computed: true },
  str("policies", "Policies as YAML, as the service exports them.", { computed: true }),
  {
    name: "default",
    type: "bool" as const,
    description: "Whether launches without an environment go here.",
    computed: true,
  },
];

export const environmentDataSource: DataSource = {
  typeName: ENVIRONMENT_TYPE,
  schema: {
    version: 0,
    block: {
      description:
        "One environment with its properties, markers and policies: by `id`, or by `organization_id` and `name`.",
      attributes: ENVIRONMENT_DATA_ATTRIBUTES,
    },
  },
  validate(config) {
    const out = new Diagnostics().add(...checkIdAttributes(config, ["id", "organization_id"]));
    const byName = config.organization_id !== null || config.name !== null;
    if (config.id === null && (config.organization_id === null || config.name === null))
      out.addError(
        attrPath(byName ? (config.name === null ? "name" : "organization_id") : "id"),
        "Which environment?",
        "Give id, or organization_id and name together.",
      );
    return out.list;
  },
  async read(ctx, config) {
    const { orgId, env } = await find(ctx, config);
    const settings = await readEnvironmentSettings(ctx.service().client, env.id, null, ctx.signal);
    return {
      ...config,
      id: env.id,
      organization_id: orgId,
      name: env.name,
      default: env.default,
      ...settings,
    };
  },
};

async function find(
  ctx: ProviderContext,
  config: ValueObject,
): Promise<{ orgId: string; env: EnvironmentSummary }> {
  const { client } = ctx.service();
  const o = { signal: ctx.signal };
  const id = knownString(config, "id");
  const orgIds =
    config.organization_id !== null
      ? [String(config.organization_id)]
      : (await client.listOrganizations(o)).map((org) => org.id);
  for (const orgId of orgIds) {
    const envs = await client.listEnvironments(orgId, o);
    const matches =
      id !== undefined ? envs.filter((e) => e.id === id) : envs.filter((e) => e.name === config.name);
    if (matches.length === 1) return { orgId, env: matches[0] };
    if (matches.length > 1)
      throw new ConfigurationMismatchError(
        "Several environments have this name",
        `Organization ${orgId} has ${matches.length} environments named ${JSON.stringify(config.name)} (${matches.map((e) => e.id).join(", ")}); give id instead.`,
        attrPath("name"),
      );
  }
  throw new ConfigurationMismatchError(
    "No such environment",
    id !== undefined
      ? `No organization these credentials can access (${orgIds.join(", ")}) lists environment ${id}; check the id and the credentials.`
      : `Organization ${orgIds[0]} has no environment named ${JSON.stringify(config.name)}; check the name (data.appmgmt_environments lists them).`,
    attrPath(id !== undefined ? "id" : "name"),
  );
}
