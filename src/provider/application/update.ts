// Update: only the manifest changes in place (organization_id and name replace); it is uploaded as the
// application's next version, which manifest_version then names.

import { failureDiagnostic, type ValueObject } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { manifestChanges } from "./plan";

export async function updateApplication(
  ctx: ProviderContext,
  prior: ValueObject,
  planned: ValueObject,
): Promise<ApplyResult> {
  if (!manifestChanges(prior, planned)) return { newState: planned, diagnostics: [] };
  const id = String(prior.id);
  try {
    const { version } = await ctx
      .service()
      .client.uploadManifest(id, String(planned.manifest), { signal: ctx.signal });
    ctx.log.info("application manifest uploaded", { application_id: id, manifest_version: version });
    return { newState: { ...planned, manifest_version: version }, diagnostics: [] };
  } catch (e) {
    return {
      newState: prior,
      diagnostics: [failureDiagnostic(`Uploading the manifest of application ${id} failed`, e)],
    };
  }
}
