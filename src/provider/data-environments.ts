// Data source `appmgmt_environments`: the environments of an organization.

import { checkIdAttributes, type DataSource } from "./data-source";
import { environmentsData } from "./data-schemas";

export const environmentsDataSource: DataSource = {
  typeName: "appmgmt_environments",
  schema: environmentsData,
  validate: (config) => checkIdAttributes(config, ["organization_id"]),
  async read(ctx, config) {
    const envs = await ctx
      .service()
      .client.listEnvironments(String(config.organization_id), { signal: ctx.signal });
    return { ...config, environments: envs.map((e) => ({ id: e.id, name: e.name, default: e.default })) };
  },
};
