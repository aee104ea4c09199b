// The `appmgmt_instance` resource (ARCHITECTURE.md §5): one file per job, decoded once into
// the typed model (model.ts) at this door.

import { defineResource } from "../resource";
import { INSTANCE_ENVIRONMENT, namingEnvironment } from "../environment-names";
import { createInstance } from "./create";
import { deleteInstance } from "./delete";
import { importInstance } from "./import";
import { decodeInstance } from "./model";
import { planInstance, validateInstance } from "./plan";
import { readInstance } from "./read";
import { instanceSchema } from "./schema";
import { INSTANCE_TYPE } from "../resource-types";
import { updateInstance } from "./update";
import { upgradeInstance } from "./upgrade";

export const instanceResource = defineResource(
  namingEnvironment(INSTANCE_ENVIRONMENT, {
    typeName: INSTANCE_TYPE,
    schema: instanceSchema,
    validate: validateInstance,
    plan: planInstance,
    create: (ctx, planned, config) => createInstance(ctx, decodeInstance(planned), decodeInstance(config)),
    read: readInstance,
    update: (ctx, prior, planned, config, plannedPrivate) =>
      updateInstance(ctx, prior, decodeInstance(planned), config, plannedPrivate),
    delete: deleteInstance,
    import: importInstance,
    upgrade: upgradeInstance,
  }),
);
