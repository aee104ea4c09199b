// Read (refresh): the environment as its organization's list shows it, with its settings, so drift in
// properties, markers or policies shows in the next plan. Gone (removed from the state) only when the
// organization's list, read with credentials that can see the organization, no longer has it.

import { asObject, failureDiagnostic, type ReadResourceRequest } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { knownString } from "../values";
import { readEnvironmentSettings } from "./settings";

export async function readEnvironment(ctx: ProviderContext, req: ReadResourceRequest): Promise<ApplyResult> {
  const prior = asObject(req.currentState);
  const id = knownString(prior, "id");
  const orgId = knownString(prior, "organization_id");
  if (!prior || id === undefined || orgId === undefined)
    return { newState: req.currentState, diagnostics: [] };
  const { client } = ctx.service();
  try {
    const env = (await client.listEnvironments(orgId, { signal: ctx.signal })).find((e) => e.id === id);
    if (!env) {
      ctx.log.info(`environment ${id} removed from state: organization ${orgId} no longer lists it`, {
        environment_id: id,
      });
      return { newState: null, diagnostics: [] };
    }
    const settings = await readEnvironmentSettings(client, id, prior, ctx.signal);
    return { newState: { ...prior, name: env.name, default: env.default, ...settings }, diagnostics: [] };
  } catch (e) {
    return {
      newState: req.currentState,
      diagnostics: [failureDiagnostic(`Reading environment ${id} failed`, e)],
    };
  }
}
