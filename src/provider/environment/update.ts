// Update in place: put the properties, markers and policies the plan changes (policies only when their
// meaning changes), then read them back. organization_id and name replace (the API cannot rename).

import { failureDiagnostic, type ValueObject } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { afterApply } from "./apply-state";
import { putChangedSettings, readEnvironmentSettings } from "./settings";

export async function updateEnvironment(
  ctx: ProviderContext,
  prior: ValueObject,
  planned: ValueObject,
): Promise<ApplyResult> {
  const { client } = ctx.service();
  const id = String(prior.id);
  try {
    const sent = await putChangedSettings(client, id, prior, planned, ctx.signal);
    ctx.log.info("environment updated", { environment_id: id, sent: sent.join(",") });
    const settings = await readEnvironmentSettings(client, id, planned, ctx.signal);
    return { newState: afterApply(planned, settings), diagnostics: [] };
  } catch (e) {
    return { newState: prior, diagnostics: [failureDiagnostic(`Updating environment ${id} failed`, e)] };
  }
}
