// Import by environment id: its organization found among the caller's organizations, its settings read, and
// clone_from left null (an existing environment needs none), so `-generate-config-out` writes a configuration
// that plans no change.

import { errorMessage, type ValueObject } from "../../terraform-model";
import { badImportId, importFailed, type ImportResult } from "../resource";
import type { ProviderContext } from "../context";
import { ENVIRONMENT_TYPE } from "../resource-types";
import { environmentSchema } from "./schema";
import { readEnvironmentSettings } from "./settings";

export async function importEnvironment(ctx: ProviderContext, importId: string): Promise<ImportResult> {
  const bad = badImportId(ENVIRONMENT_TYPE, "environment", importId);
  if (bad) return bad;
  const id = importId.trim();
  const { client } = ctx.service();
  const state: ValueObject = {};
  for (const a of environmentSchema.block.attributes) state[a.name] = null;
  try {
    for (const org of await client.listOrganizations({ signal: ctx.signal })) {
      const env = (await client.listEnvironments(org.id, { signal: ctx.signal })).find((e) => e.id === id);
      if (!env) continue;
      const settings = await readEnvironmentSettings(client, id, null, ctx.signal);
      Object.assign(state, {
        id,
        organization_id: org.id,
        name: env.name,
        default: env.default,
        ...settings,
      });
      return { importedResources: [{ typeName: ENVIRONMENT_TYPE, state }], diagnostics: [] };
    }
  } catch (e) {
    return importFailed(
      "Cannot import environment",
      `Looking up environment ${id} failed: ${errorMessage(e)}.`,
    );
  }
  return importFailed(
    "Cannot import environment",
    `None of the organizations these credentials can access lists environment ${id}; check the id and the credentials.`,
  );
}
