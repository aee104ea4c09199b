// Data source `appmgmt_applications`: the applications of an organization.

import { organizationListDataSource } from "./data-source";
import { applicationsData } from "./schemas";

export const applicationsDataSource = organizationListDataSource(
  "appmgmt_applications",
  applicationsData,
  (client, orgId, o) => client.listApplications(orgId, o),
  (apps) => ({ applications: apps.map((a) => ({ id: a.id, name: a.name })) }),
);
