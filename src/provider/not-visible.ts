// The error for a 404 that these credentials cannot explain: apart from credentials.ts, which the configured
// service imports, because this needs the provider's context (which holds the service).

import { errorCode, errorDiagnostic, type Diagnostic } from "../terraform-model";
import type { ProviderContext } from "./context";

/**
 * The error for an object that these credentials cannot see where it lived either (the service answers 404
 * for another organization's objects, as for deleted ones): it names the credentials and the organizations
 * they do see, and says that the state is kept.
 */
export async function notVisibleDiagnostic(
  ctx: ProviderContext,
  kind: "instance" | "application",
  id: string,
  looked: string,
): Promise<Diagnostic> {
  const service = ctx.service();
  let organizations: string;
  try {
    const orgs = await service.client.listOrganizations({ signal: ctx.signal });
    organizations =
      orgs.length === 0
        ? "no organization at all"
        : `organization${orgs.length > 1 ? "s" : ""} ${orgs.map((o) => `"${o.name}" (${o.id})`).join(", ")}`;
  } catch (e) {
    organizations = `organizations that could not be listed (${errorCode(e) ?? "error"})`;
  }
  return errorDiagnostic(
    `${kind === "instance" ? "Instance" : "Application"} ${id} is not visible to these credentials`,
    `The service answers 404 for ${looked}. The provider uses ${service.credentials ?? "its credentials"}, ` +
      `which can see ${organizations}: the ${kind} most likely belongs to another organization. Use the ` +
      "credentials of the organization that owns it (check the provider block and the APPMGMT_* variables " +
      "of this run). The state keeps it as it was: nothing is removed, launched or destroyed. If it really " +
      "was deleted, remove it from the state with `terraform state rm ADDRESS`.",
  );
}
