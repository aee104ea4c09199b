// Data source `appmgmt_instance`: the status of one instance, the values of its secret parameters left out.

import type { ValueObject } from "../../terraform-model";
import { setOwn } from "../../util/own";
import { checkIdAttributes } from "../id-attributes";
import type { DataSource } from "./data-source";
import { returnValueMap, stringMap } from "../values";
import { instanceData } from "./schemas";
import { importedSecretNames, looksSecret, withoutSecretValues } from "../instance/secrets";

export const instanceDataSource: DataSource = {
  typeName: "appmgmt_instance",
  schema: instanceData,
  validate: (config) => checkIdAttributes(config, ["id"]),
  async read(ctx, config) {
    const reported = await ctx.service().client.getInstance(String(config.id), { signal: ctx.signal });
    // The service does not mark secrets: names that look secret, and those the configuration names, stay out.
    const secrets = importedSecretNames(reported, strings(config.secret_names));
    const s = withoutSecretValues(reported, secrets);
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
      secret_parameter_names: secrets.list,
      submodules,
      return_values: returnValueMap(withoutSecretLooking(s.returnValues)),
    };
  },
};

/** The strings of a list attribute (none when null). */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((n): n is string => typeof n === "string") : [];
}

/** Return values but those whose names look secret (a workflow may return a secret it was given). */
function withoutSecretLooking(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([name]) => !looksSecret(name)));
}
