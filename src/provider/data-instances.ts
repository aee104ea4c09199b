// Data source `appmgmt_instances`: the instances of an environment, filtered by application and status.

import { checkIdAttributes, type DataSource } from "./data-source";
import { errorDiagnostic } from "../protocol/diagnostics";
import { attrPath, knownString } from "./values";
import { instancesData } from "./data-schemas";

const STATUSES = ["Requested", "Executing", "Running", "Failed", "Destroying", "Destroyed"];

export const instancesDataSource: DataSource = {
  typeName: "appmgmt_instances",
  schema: instancesData,
  validate(config) {
    const diagnostics = checkIdAttributes(config, ["environment_id", "application_id"]);
    const status = knownString(config, "status");
    if (status !== undefined && !STATUSES.includes(status)) {
      diagnostics.push(
        errorDiagnostic(
          `Invalid status filter ${JSON.stringify(status)}`,
          `status must be one of ${STATUSES.join(", ")} (case-sensitive).`,
          attrPath("status"),
        ),
      );
    }
    return diagnostics;
  },
  async read(ctx, config) {
    const app = knownString(config, "application_id");
    const status = knownString(config, "status");
    const all = await ctx
      .service()
      .client.listInstances(String(config.environment_id), { signal: ctx.signal });
    const instances = all
      .filter(
        (i) => (app === undefined || i.application === app) && (status === undefined || i.status === status),
      )
      .map((i) => ({
        id: i.id,
        name: i.name,
        application_id: i.application,
        revision_id: i.revision,
        environment_id: i.environment,
        status: i.status,
      }));
    return { ...config, instances };
  },
};
