// Import by application id: its organization found among the caller's organizations. The API cannot return
// an application's manifest, so the state holds none and the next apply uploads the configured one as a new
// version (the import warns about it).

import { type ValueObject, warningDiagnostic } from "../../terraform-model";
import type { ImportResult } from "../resource";
import { importFromOrganizations } from "../same-name";
import type { ProviderContext } from "../context";
import { APPLICATIONS_BY_NAME } from "./create";
import { applicationSchema } from "./schema";
import { APPLICATION_TYPE } from "../resource-types";

export function importApplication(ctx: ProviderContext, importId: string): Promise<ImportResult> {
  return importFromOrganizations(ctx, APPLICATIONS_BY_NAME, importId, (app, organization) => {
    const state: ValueObject = {};
    for (const a of applicationSchema.block.attributes) state[a.name] = null;
    Object.assign(state, { id: app.id, organization_id: organization, name: app.name });
    return {
      importedResources: [{ typeName: APPLICATION_TYPE, state }],
      diagnostics: [
        warningDiagnostic(
          `Application ${app.id} imported without its manifest`,
          "The service's API has no call that returns an application's manifest, so the state holds none: the next " +
            "apply uploads the configured manifest as a new manifest version.",
        ),
      ],
    };
  });
}
