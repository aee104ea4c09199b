// Everything the provider offers, listed once: the schemas terraform reads and the router in index.ts are
// both built from these lists, so a type name is known in one place.

import type { ProviderSchemas } from "../terraform-model";
import { applicationResource } from "./application";
import { applicationsDataSource } from "./data-sources/applications";
import { environmentDataSource } from "./data-sources/environment";
import { environmentsDataSource } from "./data-sources/environments";
import { instanceDataSource } from "./data-sources/instance";
import { instancesDataSource } from "./data-sources/instances";
import { organizationsDataSource } from "./data-sources/organizations";
import { revisionsDataSource } from "./data-sources/revisions";
import type { DataSource } from "./data-sources/data-source";
import { environmentResource } from "./environment";
import { instanceResource } from "./instance";
import { instanceWorkflowResource } from "./instance-workflow";
import type { Resource } from "./resource";
import { providerSchema } from "./schema";

export const RESOURCES: Resource[] = [
  instanceResource,
  applicationResource,
  instanceWorkflowResource,
  environmentResource,
];

export const DATA_SOURCES: DataSource[] = [
  organizationsDataSource,
  applicationsDataSource,
  environmentsDataSource,
  environmentDataSource,
  instancesDataSource,
  instanceDataSource,
  revisionsDataSource,
];

export const providerSchemas: ProviderSchemas = {
  provider: providerSchema,
  resources: Object.fromEntries(RESOURCES.map((r) => [r.typeName, r.schema])),
  dataSources: Object.fromEntries(DATA_SOURCES.map((d) => [d.typeName, d.schema])),
};
