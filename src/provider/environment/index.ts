// The `appmgmt_environment` resource: one file per job, as src/provider/application/.

import { defineResource } from "../resource";
import { ENVIRONMENT_TYPE } from "../../resource-types";
import { createEnvironment } from "./create";
import { deleteEnvironment } from "./delete";
import { importEnvironment } from "./import";
import { planEnvironment, validateEnvironment } from "./plan";
import { readEnvironment } from "./read";
import { environmentSchema } from "./schema";
import { updateEnvironment } from "./update";

export const environmentResource = defineResource({
  typeName: ENVIRONMENT_TYPE,
  schema: environmentSchema,
  validate: validateEnvironment,
  plan: planEnvironment,
  create: (ctx, planned) => createEnvironment(ctx, planned),
  read: readEnvironment,
  update: (ctx, prior, planned) => updateEnvironment(ctx, prior, planned),
  delete: deleteEnvironment,
  import: importEnvironment,
});
