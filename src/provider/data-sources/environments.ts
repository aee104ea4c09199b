// Data source `appmgmt_environments`: the environments of an organization.

import { organizationListDataSource } from "./data-source";
import { environmentsData } from "./schemas";

export const environmentsDataSource = organizationListDataSource(
  "appmgmt_environments",
  environmentsData,
  (client, orgId, o) => client.listEnvironments(orgId, o),
  (envs) => ({
    environments: envs.map((e) => ({ id: e.id, name: e.name, default: e.default, online: e.online })),
  }),
);
