// Delete: the public API has no call that deletes an application, so destroy only forgets it, and says so.

import { type ValueObject, warningDiagnostic } from "../../terraform-model";
import type { ApplyResult } from "../resource";
import { attrPath } from "../values";

export function deleteApplication(prior: ValueObject): Promise<ApplyResult> {
  const what = `application ${String(prior.id)} (${JSON.stringify(prior.name)})`;
  return Promise.resolve({
    newState: null,
    diagnostics: [
      warningDiagnostic(
        `The ${what} was removed from the state only`,
        "The service's API has no call that deletes an application: it stays in the service, with its manifest " +
          "versions, and its instances are unaffected (destroy them through their appmgmt_instance resources). " +
          "Delete the application in the service's console if it is no longer wanted. Applying this configuration " +
          "again takes it over by its name (while no instance runs from it) instead of creating a second one; " +
          "`terraform import` takes it back under management too.",
        attrPath("id"),
      ),
    ],
  });
}
