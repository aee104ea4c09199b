// The `appmgmt_application` resource: one file per job, as src/provider/instance/.

import { defineResource } from "../resource";
import { planSameName } from "../same-name";
import { createApplication, APPLICATIONS_BY_NAME } from "./create";
import { deleteApplication } from "./delete";
import { importApplication } from "./import";
import { planApplication, validateApplication } from "./plan";
import { readApplication } from "./read";
import { applicationSchema } from "./schema";
import { APPLICATION_TYPE } from "../resource-types";
import { updateApplication } from "./update";

export const applicationResource = defineResource({
  typeName: APPLICATION_TYPE,
  schema: applicationSchema,
  validate: validateApplication,
  plan: async (req, ctx) => planSameName(ctx, req, await planApplication(req, ctx), APPLICATIONS_BY_NAME),
  create: (ctx, planned) => createApplication(ctx, planned),
  read: readApplication,
  update: (ctx, prior, planned) => updateApplication(ctx, prior, planned),
  delete: (_ctx, prior) => deleteApplication(prior),
  import: importApplication,
});
