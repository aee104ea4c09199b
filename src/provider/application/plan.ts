// Validate and plan `appmgmt_application`: ids and name checked, the manifest parsed with the project's
// parser (a bad manifest fails the plan, not the apply), replacement by the planner, and manifest_version
// unknown whenever the manifest is uploaded again.

import {
  asObject,
  type Diagnostic,
  Diagnostics,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  sameValue,
  type ValueObject,
} from "../../terraform-model";
import { checkIdAttributes } from "../id-attributes";
import { parseManifestAttribute } from "../manifest-attribute";
import { planDeclared } from "../planner";
import type { ProviderContext } from "../context";
import { attrPath, knownString } from "../values";
import { referenceDiagnostics } from "./references";
import { APPLICATION_ATTRIBUTES } from "./schema";

export function validateApplication(config: ValueObject): Diagnostic[] {
  const out = new Diagnostics().add(...checkIdAttributes(config, ["organization_id"]));
  const name = knownString(config, "name");
  if (name !== undefined && name.trim() === "")
    out.addError(
      attrPath("name"),
      "Invalid name",
      "An application needs a name: set name to a non-empty string.",
    );
  const manifest = knownString(config, "manifest");
  if (manifest !== undefined) parseManifestAttribute(manifest, out);
  return out.list;
}

export async function planApplication(
  req: PlanResourceChangeRequest,
  ctx: ProviderContext,
): Promise<PlanResourceChangeResponse> {
  // Only the manifest changes in place (an upload), so its version is unknown in any update's plan.
  const plan = planDeclared(req, APPLICATION_ATTRIBUTES, validateApplication);
  const planned = asObject(plan.plannedState);
  const manifest = knownString(planned, "manifest");
  const orgId = knownString(planned, "organization_id");
  const prior = asObject(req.priorState);
  const uploads = planned !== null && (prior === null || manifestChanges(prior, planned));
  if (!uploads || manifest === undefined || orgId === undefined || plan.diagnostics.some(isError))
    return plan;
  plan.diagnostics.push(...(await referenceDiagnostics(ctx, orgId, manifest, true)));
  return plan;
}

const isError = (d: Diagnostic) => d.severity === "error";

/** Whether the apply uploads the manifest: its text changes (after an import the state holds none). */
export function manifestChanges(prior: ValueObject, planned: ValueObject): boolean {
  return !sameValue(prior.manifest, planned.manifest);
}
