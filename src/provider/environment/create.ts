// Create: clone `clone_from` under the configured name, wait until the service brings the clone online (a
// launch into it is refused before), then put the settings the configuration lists. An environment of that
// name that a destroy forgot is adopted instead of cloned again (../same-name.ts). A step that fails after
// the clone leaves the new environment in the state with the error (terraform taints it): the API cannot
// delete it, so it is never lost, and the error says how to keep it.

import { errorCode, failureDiagnostic, isUnknown, type ValueObject } from "../../terraform-model";
import type { EnvironmentSummary } from "../../client/types";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { attrPath } from "../values";
import { ENVIRONMENT_TYPE } from "../resource-types";
import { afterApply } from "./apply-state";
import { putChangedSettings, readEnvironmentSettings } from "./settings";
import { waitOnline } from "./online";
import { sameNameInOrganization, type SameName, type SameNameLookup } from "../same-name";

/** An environment of the configured name is looked for among the organization's, before a clone. */
export const ENVIRONMENTS_BY_NAME: SameNameLookup<EnvironmentSummary> = {
  kind: "environment",
  typeName: ENVIRONMENT_TYPE,
  list: (ctx, orgId) => ctx.service().client.listEnvironments(orgId, { signal: ctx.signal }),
  instancesOf: (ctx, id) => ctx.service().client.listInstances(id, { signal: ctx.signal }),
};

export async function createEnvironment(ctx: ProviderContext, planned: ValueObject): Promise<ApplyResult> {
  const { client } = ctx.service();
  const orgId = String(planned.organization_id);
  const name = String(planned.name);
  const source = String(planned.clone_from);
  let id: string;
  let same: SameName;
  try {
    same = await sameNameInOrganization(ctx, ENVIRONMENTS_BY_NAME, orgId, name, "apply");
  } catch (e) {
    const failed = failureDiagnostic(`Looking for environments named ${JSON.stringify(name)} failed`, e);
    return { newState: null, diagnostics: [failed] };
  }
  if (same.refused) return { newState: null, diagnostics: [same.refused] };
  const notes = same.note ? [same.note] : [];
  try {
    ({ id } = same.adopt
      ? { id: same.adopt }
      : await client.environments.clone(source, name, { signal: ctx.signal }));
  } catch (e) {
    const failed = failureDiagnostic(
      `Cloning environment ${source} as ${JSON.stringify(name)} failed`,
      e,
      attrPath("clone_from"),
    );
    if (errorCode(e) === "E_OUTCOME_UNKNOWN")
      failed.detail +=
        `\n\nThe service may have made the clone: if organization ${orgId} now lists an environment named ` +
        `${JSON.stringify(name)}, applying again adopts it (or import it: \`terraform import ${ENVIRONMENT_TYPE}.<name> <id>\`).`;
    return { newState: null, diagnostics: [failed] };
  }
  ctx.log.info(same.adopt ? "environment adopted" : "environment cloned", {
    environment_id: id,
    clone_from: source,
    organization_id: orgId,
  });
  try {
    await waitOnline(client, orgId, id, ctx.signal);
    const clone = await readEnvironmentSettings(client, id, null, ctx.signal);
    await putChangedSettings(client, id, clone, planned, ctx.signal);
    const listed = await client.listEnvironments(orgId, { signal: ctx.signal });
    const settings = await readEnvironmentSettings(client, id, planned, ctx.signal);
    const isDefault = listed.find((e) => e.id === id)?.default ?? false;
    return { newState: afterApply(planned, { id, ...settings, default: isDefault }), diagnostics: notes };
  } catch (e) {
    const failed = failureDiagnostic(`Setting up environment ${id} (the clone of ${source}) failed`, e);
    failed.detail +=
      `\n\nThe environment ${id} is in the state, tainted: the next apply forgets it and, as nothing runs in it, ` +
      "takes it over again by its name and puts its properties, markers and policies again (the API cannot " +
      "delete it, and no second one is made).";
    return {
      newState: { ...planned, id, default: false, ...unknownsAsNull(planned) },
      diagnostics: [...notes, failed],
    };
  }
}

/** The planned state with its unknowns null: what a tainted state can hold. */
function unknownsAsNull(planned: ValueObject): ValueObject {
  const out: ValueObject = {};
  for (const [k, v] of Object.entries(planned)) if (isUnknown(v)) out[k] = null;
  return out;
}
