// Data source `appmgmt_instance`: the status of one instance.

import type { ValueObject } from "../../terraform-model";
import { setOwn } from "../../own";
import { checkIdAttributes } from "../id-attributes";
import type { DataSource } from "./data-source";
import { returnValueMap, stringMap } from "../values";
import { instanceData } from "./schemas";

export const instanceDataSource: DataSource = {
  typeName: "appmgmt_instance",
  schema: instanceData,
  validate: (config) => checkIdAttributes(config, ["id"]),
  async read(ctx, config) {
    const s = await ctx.service().client.getInstance(String(config.id), { signal: ctx.signal });
    const submodules: ValueObject = {};
    for (const [name, sub] of Object.entries(s.submodules)) {
      setOwn(submodules, name, {
        revision_id: sub.revision,
        manifest_version: sub.manifestVersion,
        parameters: stringMap(sub.parameters),
      });
    }
    return {
      ...config,
      name: s.name,
      application_id: s.application,
      environment_id: s.environment,
      revision_id: s.revision,
      manifest_version: s.version,
      status: s.status,
      error_message: s.errorMessage,
      parameters: stringMap(s.parameters),
      submodules,
      return_values: returnValueMap(s.returnValues),
    };
  },
};
