// The `appmgmt_application` resource: one file per job, as src/provider/instance/.

import { defineResource } from "../resource";
import { sameNameAtPlan } from "../same-name";
import { createApplication, APPLICATIONS_BY_NAME } from "./create";
import { deleteApplication } from "./delete";
import { importApplication } from "./import";
import { planApplication, validateApplication } from "./plan";
import { readApplication } from "./read";
import { applicationSchema } from "./schema";
import { APPLICATION_TYPE } from "../resource-types";
import { updateApplication } from "./update";

export const applicationResource = defineResource(
  sameNameAtPlan(APPLICATIONS_BY_NAME, {
    typeName: APPLICATION_TYPE,
    schema: applicationSchema,
    validate: validateApplication,
    plan: planApplication,
    create: createApplication,
    read: readApplication,
    update: updateApplication,
    delete: (_ctx, prior) => deleteApplication(prior),
    import: importApplication,
  }),
);
