// Data source `appmgmt_applications`: the applications of an organization.

import { checkIdAttributes, type DataSource } from "./data-source";
import { applicationsData } from "./data-schemas";

export const applicationsDataSource: DataSource = {
  typeName: "appmgmt_applications",
  schema: applicationsData,
  validate: (config) => checkIdAttributes(config, ["organization_id"]),
  async read(ctx, config) {
    const apps = await ctx
      .service()
      .client.listApplications(String(config.organization_id), { signal: ctx.signal });
    return { ...config, applications: apps.map((a) => ({ id: a.id, name: a.name })) };
  },
};
