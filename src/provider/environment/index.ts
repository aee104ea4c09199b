// The `appmgmt_environment` resource: one file per job, as src/provider/application/.

import { defineResource } from "../resource";
import { planEnvironmentName, withEnvironmentName, type NamedBy } from "../environment-names";
import { ENVIRONMENT_TYPE } from "../resource-types";
import { planSameName } from "../same-name";
import { createEnvironment, ENVIRONMENTS_BY_NAME } from "./create";
import { deleteEnvironment } from "./delete";
import { importEnvironment } from "./import";
import { planEnvironment, validateEnvironment } from "./plan";
import { readEnvironment } from "./read";
import { environmentSchema } from "./schema";
import { updateEnvironment } from "./update";

/** The environment cloned, by name: for people and the review. */
const SOURCE: NamedBy = { id: "clone_from", name: "clone_from_name" };

export const environmentResource = defineResource({
  typeName: ENVIRONMENT_TYPE,
  schema: environmentSchema,
  validate: validateEnvironment,
  plan: async (req, ctx) =>
    planSameName(
      ctx,
      req,
      await planEnvironmentName(ctx, req, planEnvironment(req), SOURCE),
      ENVIRONMENTS_BY_NAME,
    ),
  create: async (ctx, planned) => withEnvironmentName(ctx, await createEnvironment(ctx, planned), SOURCE),
  read: readEnvironment,
  update: (ctx, prior, planned) => updateEnvironment(ctx, prior, planned),
  delete: deleteEnvironment,
  import: importEnvironment,
});
