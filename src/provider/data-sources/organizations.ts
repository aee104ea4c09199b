// Data source `appmgmt_organizations`: the organizations the credentials can access.

import type { DataSource } from "./data-source";
import { organizationsData } from "./schemas";

export const organizationsDataSource: DataSource = {
  typeName: "appmgmt_organizations",
  schema: organizationsData,
  validate: () => [],
  async read(ctx, config) {
    const orgs = await ctx.service().client.listOrganizations({ signal: ctx.signal });
    return { ...config, organizations: orgs.map((o) => ({ id: o.id, name: o.name })) };
  },
};
