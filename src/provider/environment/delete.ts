// Destroy: the public API has no call that deletes an environment, so destroy forgets it and says how to
// delete it by hand; while instances still run in it, it refuses (forgetting would hide where they run).

import {
  errorDiagnostic,
  failureDiagnostic,
  type ValueObject,
  warningDiagnostic,
} from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { attrPath } from "../values";

export async function deleteEnvironment(ctx: ProviderContext, prior: ValueObject): Promise<ApplyResult> {
  const id = String(prior.id);
  const what = `environment ${id} (${JSON.stringify(prior.name)})`;
  let live: { id: string; name: string; status: string }[];
  try {
    live = (await ctx.service().client.listInstances(id, { signal: ctx.signal })).filter(
      (i) => i.status !== "Destroyed",
    );
  } catch (e) {
    return {
      newState: prior,
      diagnostics: [failureDiagnostic(`Listing the instances of ${what} failed`, e)],
    };
  }
  if (live.length > 0)
    return {
      newState: prior,
      diagnostics: [
        errorDiagnostic(
          `The ${what} still has instances`,
          `Instances still run in it: ${live.map((i) => `${i.name} (${i.id}, ${i.status})`).join(", ")}. Destroy them ` +
            "first (their appmgmt_instance resources, or `depends_on` so that terraform destroys them before the " +
            "environment), then destroy the environment again.",
          attrPath("id"),
        ),
      ],
    };
  return {
    newState: null,
    diagnostics: [
      warningDiagnostic(
        `The ${what} was removed from the state only`,
        "The service's public API has no call that deletes an environment: it stays in the service with its " +
          `properties, markers and policies. Delete it by hand in the service's console (Environments, ${JSON.stringify(prior.name)}, ` +
          "Delete) if it is no longer wanted. Applying this configuration again takes it over by its name instead of " +
          "cloning a second one; `terraform import` takes it back under management too.",
        attrPath("id"),
      ),
    ],
  };
}
