// Endpoints of the organizations a credential belongs to.
import * as normalise from "../normalise";
import type { ServiceCalls } from "../service-calls";
import type { CallOptions, Organization } from "../types";

async function listOrganizations(calls: ServiceCalls, o?: CallOptions): Promise<Organization[]> {
  return calls.api("listOrganizations", "GET", "/organizations", undefined, o, normalise.organizations);
}

/** The endpoints of this service area, each sent through `calls`. */
export const organizationEndpoints = { listOrganizations };
