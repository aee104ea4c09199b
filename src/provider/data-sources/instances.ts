// Data source `appmgmt_instances`: the instances of an environment or of an application (the service lists
// both), filtered by the other and by status.

import { checkIdAttributes } from "../id-attributes";
import type { DataSource } from "./data-source";
import { errorDiagnostic } from "../../terraform-model";
import { INSTANCE_STATUS_VALUES } from "../../service/wire";
import { attrPath, knownString } from "../values";
import { instancesData } from "./schemas";

const STATUSES: readonly string[] = INSTANCE_STATUS_VALUES;

export const instancesDataSource: DataSource = {
  typeName: "appmgmt_instances",
  schema: instancesData,
  validate(config) {
    const diagnostics = checkIdAttributes(config, ["environment_id", "application_id"]);
    if (config.environment_id === null && config.application_id === null)
      diagnostics.push(
        errorDiagnostic(
          "Missing environment_id or application_id",
          "Set environment_id to list an environment's instances, application_id to list an application's " +
            "instances in every environment, or both.",
          attrPath("environment_id"),
        ),
      );
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
    const env = knownString(config, "environment_id");
    const app = knownString(config, "application_id");
    const status = knownString(config, "status");
    const { client } = ctx.service();
    const all =
      env !== undefined
        ? await client.listInstances(env, { signal: ctx.signal })
        : await client.listApplicationInstances(app!, { signal: ctx.signal });
    const instances = all
      .filter(
        (i) =>
          (app === undefined || i.application === app) &&
          (env === undefined || i.environment === env) &&
          (status === undefined || i.status === status),
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
