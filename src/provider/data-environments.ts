// Data source `appmgmt_environments`: the environments of an organization.

import { checkIdAttributes, type DataSource } from "./data-source";

export const environmentsDataSource: DataSource = {
  typeName: "appmgmt_environments",
  validate: (config) => checkIdAttributes(config, ["organization_id"]),
  async read(ctx, config) {
    const envs = await ctx
      .service()
      .client.listEnvironments(String(config.organization_id), { signal: ctx.signal });
    return { ...config, environments: envs.map((e) => ({ id: e.id, name: e.name, default: e.default })) };
  },
};
