// The submodule references of an application's manifest (`__locator.application-id`, an id or an application's
// name) against the organization's applications, as the service resolves them on upload (src/rules/locators.ts):
// the plan reports each it can resolve and cannot, the create checks them all before creating the application, so
// an upload the service would refuse leaves no application without a manifest behind.
import { errorDiagnostic, warningDiagnostic, type Diagnostic } from "../../terraform-model";
import { resolveLocator } from "../../rules";
import type { ProviderContext } from "../context";
import { manifestParse } from "../manifest-attribute";
import { attrPath } from "../values";

const SUMMARY = "Submodule reference does not resolve";

/**
 * Diagnostics for the references of `manifest` in organization `orgId`: errors for those the upload would refuse;
 * at plan (`atPlan`), a name no application has yet is a warning (an application of this configuration may take it
 * in the same apply). None when the text is no manifest (its parse reports it) or the list cannot be read (logged).
 */
export async function referenceDiagnostics(
  ctx: ProviderContext,
  orgId: string,
  manifest: string,
  atPlan: boolean,
): Promise<Diagnostic[]> {
  const parsed = manifestParse(manifest);
  if (!("manifest" in parsed)) return [];
  const submodules = Object.values(parsed.manifest.submodules);
  if (submodules.length === 0) return [];
  let applications;
  try {
    applications = await ctx.service().client.listApplications(orgId, { signal: ctx.signal });
  } catch (e) {
    ctx.log.warn(`listing the applications of organization ${orgId} failed: ${(e as Error).message}`, {
      organization_id: orgId,
    });
    return [];
  }
  const diagnostics: Diagnostic[] = [];
  for (const s of submodules) {
    const resolved = resolveLocator(s.applicationId, applications, orgId);
    if (!("problem" in resolved)) continue;
    const detail = `component ${s.name}: ${resolved.problem}`;
    diagnostics.push(
      atPlan && resolved.unnamed
        ? warningDiagnostic(
            "Submodule reference not resolved at plan",
            `${detail}. The upload is refused unless an application of that name exists by then: if an ` +
              "appmgmt_application of this configuration creates it, make this application depend on it.",
            attrPath("manifest"),
          )
        : errorDiagnostic(SUMMARY, detail, attrPath("manifest")),
    );
  }
  return diagnostics;
}
