// Data source `appmgmt_revisions`: the named revisions of an application, or the one of a given name.

import { checkIdAttributes } from "../id-attributes";
import { ConfigurationMismatchError, type DataSource } from "./data-source";
import { attrPath, knownString } from "../values";
import { revisionsData } from "./schemas";

export const revisionsDataSource: DataSource = {
  typeName: "appmgmt_revisions",
  schema: revisionsData,
  validate: (config) => checkIdAttributes(config, ["application_id"]),
  async read(ctx, config) {
    const appId = String(config.application_id);
    const all = await ctx.service().client.listRevisions(appId, { signal: ctx.signal });
    const name = knownString(config, "name");
    const revisions = all
      .filter((r) => name === undefined || r.name === name)
      .map((r) => ({ id: r.id, name: r.name }));
    // A revision looked up by name feeds a launch: fail the plan here rather than launch without it.
    if (name !== undefined && revisions.length === 0) {
      const existing = all.map((r) => JSON.stringify(r.name)).join(", ");
      throw new ConfigurationMismatchError(
        `No revision named ${JSON.stringify(name)}`,
        `Application ${appId} has no revision named ${JSON.stringify(name)} (names are case-sensitive). ` +
          (all.length > 0
            ? `Its revisions are ${existing}; set name to one of them.`
            : "It has no named revisions; remove name, or save a revision of it in the service first."),
        attrPath("name"),
      );
    }
    return { ...config, revisions };
  },
};
