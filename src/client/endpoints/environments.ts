// Endpoints of an organization's environments.
import * as normalise from "../normalise";
import type { ServiceCalls } from "../service-calls";
import type { CallOptions, Environment } from "../types";
import { checkId } from "../validate";

async function listEnvironments(calls: ServiceCalls, orgId: string, o?: CallOptions): Promise<Environment[]> {
  const path = `/organizations/${checkId("organizationId", orgId)}/environments`;
  return calls.api("listEnvironments", "GET", path, undefined, o, normalise.environments);
}

/** The endpoints of this service area, each sent through `calls`. */
export const environmentEndpoints = { listEnvironments };
