// Import by environment id: its organization found among the caller's organizations, its settings read, and
// clone_from left null (an existing environment needs none), so `-generate-config-out` writes a configuration
// that plans no change.

import type { ValueObject } from "../../terraform-model";
import type { ImportResult } from "../resource";
import { importFromOrganizations } from "../same-name";
import type { ProviderContext } from "../context";
import { ENVIRONMENT_TYPE } from "../resource-types";
import { ENVIRONMENTS_BY_NAME } from "./create";
import { environmentSchema } from "./schema";
import { readEnvironmentSettings } from "./settings";

export function importEnvironment(ctx: ProviderContext, importId: string): Promise<ImportResult> {
  return importFromOrganizations(ctx, ENVIRONMENTS_BY_NAME, importId, async (env, organization) => {
    const state: ValueObject = {};
    for (const a of environmentSchema.block.attributes) state[a.name] = null;
    const settings = await readEnvironmentSettings(ctx.service().client, env.id, null, ctx.signal);
    Object.assign(state, {
      id: env.id,
      organization_id: organization,
      name: env.name,
      default: env.default,
      ...settings,
    });
    return { importedResources: [{ typeName: ENVIRONMENT_TYPE, state }], diagnostics: [] };
  });
}
