// Import by application id: its organization found among the caller's organizations. The API cannot return
// an application's manifest, so the state holds none and the next apply uploads the configured one as a new
// version (the import warns about it).

import { errorMessage, type ValueObject, warningDiagnostic } from "../../terraform-model";
import { badImportId, importFailed, type ImportResult } from "../resource";
import type { ProviderContext } from "../context";
import { applicationSchema } from "./schema";
import { APPLICATION_TYPE } from "../resource-types";

export async function importApplication(ctx: ProviderContext, importId: string): Promise<ImportResult> {
  const bad = badImportId(APPLICATION_TYPE, "application", importId);
  if (bad) return bad;
  const id = importId.trim();
  const { client } = ctx.service();
  let found: { organization: string; name: string } | undefined;
  try {
    for (const org of await client.listOrganizations({ signal: ctx.signal })) {
      const app = (await client.listApplications(org.id, { signal: ctx.signal })).find((a) => a.id === id);
      if (app) {
        found = { organization: org.id, name: app.name };
        break;
      }
    }
  } catch (e) {
    return importFailed(
      "Cannot import application",
      `Looking up application ${id} failed: ${errorMessage(e)}.`,
    );
  }
  if (!found)
    return importFailed(
      "Cannot import application",
      `None of the organizations these credentials can access lists application ${id}; check the id and the ` +
        "credentials.",
    );
  const state: ValueObject = {};
  for (const a of applicationSchema.block.attributes) state[a.name] = null;
  Object.assign(state, { id, organization_id: found.organization, name: found.name });
  return {
    importedResources: [{ typeName: APPLICATION_TYPE, state }],
    diagnostics: [
      warningDiagnostic(
        `Application ${id} imported without its manifest`,
        "The service's API has no call that returns an application's manifest, so the state holds none: the next " +
          "apply uploads the configured manifest as a new manifest version.",
      ),
    ],
  };
}
