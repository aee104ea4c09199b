// The `appmgmt_instance` resource (ARCHITECTURE.md §5): one file per job, decoded once into
// the typed model (model.ts) at this door.

import { defineResource } from "../resource";
import { planEnvironmentName, withEnvironmentName, type NamedBy } from "../environment-names";
import { createInstance } from "./create";
import { deleteInstance } from "./delete";
import { importInstance } from "./import";
import { decodeInstance } from "./model";
import { planInstance, validateInstance } from "./plan";
import { readInstance } from "./read";
import { instanceSchema } from "./schema";
import { INSTANCE_TYPE } from "../../resource-types";
import { updateInstance } from "./update";
import { upgradeInstance } from "./upgrade";

const ENVIRONMENT: NamedBy = { id: "environment_id", name: "environment_name" };

export const instanceResource = defineResource({
  typeName: INSTANCE_TYPE,
  schema: instanceSchema,
  validate: validateInstance,
  plan: (req, ctx) => planEnvironmentName(ctx, req, planInstance(req), ENVIRONMENT),
  create: async (ctx, planned, config) =>
    withEnvironmentName(
      ctx,
      await createInstance(ctx, decodeInstance(planned), decodeInstance(config)),
      ENVIRONMENT,
    ),
  read: readInstance,
  update: (ctx, prior, planned, config, plannedPrivate) =>
    updateInstance(ctx, prior, decodeInstance(planned), decodeInstance(config), plannedPrivate),
  delete: deleteInstance,
  import: importInstance,
  upgrade: upgradeInstance,
});
