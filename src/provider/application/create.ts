// Create: the application, then its manifest as its first version. The manifest's submodule references are
// checked first, so an upload the service refuses for them creates nothing. An application of that name that a
// destroy forgot is adopted instead (../same-name.ts), and the manifest uploaded to it as its next version. An
// upload that fails all the same leaves an application the API cannot delete: its id goes into the state with the
// error (terraform taints it), so it is never lost, and the next apply takes it over again.

import { type Diagnostic, failureDiagnostic, type ValueObject } from "../../terraform-model";
import { APPLICATION_TYPE } from "../resource-types";
import { sameNameInOrganization, type SameNameLookup } from "../same-name";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { referenceDiagnostics } from "./references";

/** An application of the configured name is looked for among the organization's, before a create. */
export const APPLICATIONS_BY_NAME: SameNameLookup = {
  kind: "application",
  typeName: APPLICATION_TYPE,
  list: (ctx, orgId) => ctx.service().client.listApplications(orgId, { signal: ctx.signal }),
  instancesOf: (ctx, id) => ctx.service().client.listApplicationInstances(id, { signal: ctx.signal }),
};

export async function createApplication(ctx: ProviderContext, planned: ValueObject): Promise<ApplyResult> {
  const { client } = ctx.service();
  const orgId = String(planned.organization_id);
  const name = String(planned.name);
  const refused = await referenceDiagnostics(ctx, orgId, String(planned.manifest), false);
  if (refused.length > 0) return { newState: null, diagnostics: refused };
  let id: string;
  let notes: Diagnostic[] = [];
  try {
    const same = await sameNameInOrganization(ctx, APPLICATIONS_BY_NAME, orgId, name, "apply");
    if (same.refused) return { newState: null, diagnostics: [same.refused] };
    if (same.note) notes = [same.note];
    ({ id } = same.adopt
      ? { id: same.adopt }
      : await client.createApplication(orgId, { name }, { signal: ctx.signal }));
  } catch (e) {
    return {
      newState: null,
      diagnostics: [failureDiagnostic(`Creating application ${JSON.stringify(name)} failed`, e)],
    };
  }
  ctx.log.info(notes.length ? "application adopted" : "application created", {
    application_id: id,
    organization_id: orgId,
  });
  try {
    const { version } = await client.uploadManifest(id, String(planned.manifest), { signal: ctx.signal });
    return { newState: { ...planned, id, manifest_version: version }, diagnostics: notes };
  } catch (e) {
    const failed = failureDiagnostic(`Uploading the manifest of application ${id} failed`, e);
    failed.detail +=
      `\n\nThe application ${id} is in the state without the new manifest, tainted: the next apply forgets it and, ` +
      "as no instance runs from it, takes it over again by its name and uploads the manifest again (no second " +
      "application is made). To keep it in the state instead, run `terraform untaint` on it.";
    return { newState: { ...planned, id, manifest_version: null }, diagnostics: [...notes, failed] };
  }
}
