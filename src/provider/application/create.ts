// Create: the application, then its manifest as its first version. The manifest's submodule references are
// checked first, so an upload the service refuses for them creates nothing. An upload that fails all the same
// leaves an application the API cannot delete: its id goes into the state with the error (terraform taints it),
// so it is never lost, and the error says how to keep it rather than create another.

import { failureDiagnostic, type ValueObject } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { referenceDiagnostics } from "./references";

export async function createApplication(ctx: ProviderContext, planned: ValueObject): Promise<ApplyResult> {
  const { client } = ctx.service();
  const orgId = String(planned.organization_id);
  const name = String(planned.name);
  const refused = await referenceDiagnostics(ctx, orgId, String(planned.manifest), false);
  if (refused.length > 0) return { newState: null, diagnostics: refused };
  let id: string;
  try {
    ({ id } = await client.createApplication(orgId, { name }, { signal: ctx.signal }));
  } catch (e) {
    return {
      newState: null,
      diagnostics: [failureDiagnostic(`Creating application ${JSON.stringify(name)} failed`, e)],
    };
  }
  ctx.log.info("application created", { application_id: id, organization_id: orgId });
  try {
    const { version } = await client.uploadManifest(id, String(planned.manifest), { signal: ctx.signal });
    return { newState: { ...planned, id, manifest_version: version }, diagnostics: [] };
  } catch (e) {
    const failed = failureDiagnostic(`Uploading the manifest of application ${id} failed`, e);
    failed.detail +=
      `\n\nThe application ${id} was created without a manifest and is tainted: the next apply creates another ` +
      `one. To keep this one instead, run \`terraform untaint\` on it; the next apply uploads the manifest again.`;
    return { newState: { ...planned, id, manifest_version: null }, diagnostics: [failed] };
  }
}
