// The `appmgmt_environment` resource: one file per job, as src/provider/application/.

import { defineResource } from "../resource";
import { CLONE_SOURCE, namingEnvironment } from "../environment-names";
import { ENVIRONMENT_TYPE } from "../resource-types";
import { sameNameAtPlan } from "../same-name";
import { createEnvironment, ENVIRONMENTS_BY_NAME } from "./create";
import { deleteEnvironment } from "./delete";
import { importEnvironment } from "./import";
import { planEnvironment, validateEnvironment } from "./plan";
import { readEnvironment } from "./read";
import { environmentSchema } from "./schema";
import { updateEnvironment } from "./update";

export const environmentResource = defineResource(
  sameNameAtPlan(
    ENVIRONMENTS_BY_NAME,
    namingEnvironment(CLONE_SOURCE, {
      typeName: ENVIRONMENT_TYPE,
      schema: environmentSchema,
      validate: validateEnvironment,
      plan: planEnvironment,
      create: createEnvironment,
      read: readEnvironment,
      update: updateEnvironment,
      delete: deleteEnvironment,
      import: importEnvironment,
    }),
  ),
);
