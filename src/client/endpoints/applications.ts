// Endpoints of applications: listing and creating them, their manifests and named revisions.
import { ConfigError } from "../errors";
import * as normalise from "../normalise";
import type { RawBody, ServiceCalls } from "../service-calls";
import type {
  ApplicationSummary,
  CallOptions,
  CreateApplicationRequest,
  ManifestUploaded,
  OperationAccepted,
  Revision,
} from "../types";
import { checkId } from "../validate";

async function listApplications(
  calls: ServiceCalls,
  orgId: string,
  o?: CallOptions,
): Promise<ApplicationSummary[]> {
  const path = `/organizations/${checkId("organizationId", orgId)}/applications`;
  return calls.api("listApplications", "GET", path, undefined, o, normalise.applications);
}

/** The application's named revisions (`[{id, name}]`). */
async function listRevisions(calls: ServiceCalls, appId: string, o?: CallOptions): Promise<Revision[]> {
  const path = `/applications/${checkId("applicationId", appId)}/revisions`;
  return calls.api("listRevisions", "GET", path, undefined, o, normalise.revisions);
}

/** A new application of the organization, without a manifest. Not idempotent: see launch-once.ts. */
async function createApplication(
  calls: ServiceCalls,
  orgId: string,
  req: CreateApplicationRequest,
  o?: CallOptions,
): Promise<OperationAccepted> {
  const path = `/organizations/${checkId("organizationId", orgId)}/applications`;
  if (typeof req.name !== "string" || req.name.trim() === "")
    throw new ConfigError("name", "an application needs a non-empty name");
  return calls.api("createApplication", "POST", path, { name: req.name }, o, normalise.operationAccepted);
}

/**
 * Uploads the manifest's YAML text as the application's next version (`application/x-yaml`); answers the
 * new version. Not idempotent (each upload is a version): see launch-once.ts.
 */
async function uploadManifest(
  calls: ServiceCalls,
  appId: string,
  yamlText: string,
  o?: CallOptions,
): Promise<ManifestUploaded> {
  const path = `/applications/${checkId("applicationId", appId)}/manifest`;
  const body: RawBody = { raw: yamlText, contentType: "application/x-yaml" };
  return calls.api("uploadManifest", "PUT", path, body, o, normalise.manifestUploaded);
}

/** The endpoints of this service area, each sent through `calls`. */
export const applicationEndpoints = { listApplications, listRevisions, createApplication, uploadManifest };
