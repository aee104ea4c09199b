// Read (refresh): the application as its organization's list shows it, or removed from the state when the
// list no longer has it. The API has no call that returns an application's manifest, so manifest and
// manifest_version stay what the last apply uploaded.

import { asObject, errorCode, failureDiagnostic, type ReadResourceRequest } from "../../terraform-model";
import type { ProviderContext } from "../context";
import { notVisibleDiagnostic } from "../not-visible";
import type { ApplyResult } from "../resource";
import { knownString } from "../values";

export async function readApplication(ctx: ProviderContext, req: ReadResourceRequest): Promise<ApplyResult> {
  const prior = asObject(req.currentState);
  const id = knownString(prior, "id");
  const orgId = knownString(prior, "organization_id");
  if (!prior || id === undefined || orgId === undefined)
    return { newState: req.currentState, diagnostics: [] };
  try {
    const apps = await ctx.service().client.listApplications(orgId, { signal: ctx.signal });
    const app = apps.find((a) => a.id === id);
    if (!app) {
      ctx.log.info(`application ${id} removed from state: organization ${orgId} no longer lists it`, {
        application_id: id,
      });
      return { newState: null, diagnostics: [] };
    }
    return { newState: { ...prior, name: app.name }, diagnostics: [] };
  } catch (e) {
    // The organization's list is where the application lives: a 404 for it says these credentials cannot
    // see that organization (the service answers so for another organization's objects), not that it is gone.
    if (errorCode(e) === "E_NOT_FOUND")
      return {
        newState: req.currentState,
        diagnostics: [
          await notVisibleDiagnostic(ctx, "application", id, `the applications of organization ${orgId}`),
        ],
      };
    return {
      newState: req.currentState,
      diagnostics: [failureDiagnostic(`Reading application ${id} failed`, e)],
    };
  }
}
