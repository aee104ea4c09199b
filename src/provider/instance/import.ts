// Import by instance id, or by ENVIRONMENT_ID/INSTANCE_NAME (looked up among the environment's
// instances). The next read fills the state with every actual value (private state `imported`).

import { errorMessage, type ValueObject } from "../../terraform-model";
import { importFailed, type ImportResult } from "../resource";
import { ID_PATTERN } from "../../service/limits";
import type { ProviderContext } from "../context";
import { encodePrivate } from "./private";
import { instanceSchema } from "./schema";
import { INSTANCE_TYPE } from "../resource-types";

const IMPORT_FORMS =
  "the instance id (a 24-character lowercase hexadecimal string) or ENVIRONMENT_ID/INSTANCE_NAME " +
  '(e.g. "5f0000000000000000000e01/webshop"), optionally followed by `?secrets=` and the secret ' +
  'parameter names, comma-separated (e.g. "?secrets=input.db-password,db/input.password")';

/** `?secrets=a,b` at the end of an import id: the names the import keeps out of the state. */
const SECRETS_SUFFIX = "?secrets=";

export async function importInstance(ctx: ProviderContext, importId: string): Promise<ImportResult> {
  const suffix = importId.indexOf(SECRETS_SUFFIX);
  const secretNames =
    suffix < 0
      ? []
      : importId
          .slice(suffix + SECRETS_SUFFIX.length)
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n !== "");
  const given = (suffix < 0 ? importId : importId.slice(0, suffix)).trim();
  let id = given;
  if (!ID_PATTERN.test(given)) {
    const slash = given.indexOf("/");
    const envId = given.slice(0, slash);
    const name = given.slice(slash + 1);
    if (slash < 0 || !ID_PATTERN.test(envId) || name === "") {
      return importFailed(
        "Invalid import id",
        `Import ${INSTANCE_TYPE} by ${IMPORT_FORMS}; got ${JSON.stringify(importId.slice(0, 80))}.`,
      );
    }
    try {
      id = await instanceNamed(ctx, envId, name);
    } catch (e) {
      return importFailed(
        "Cannot import instance",
        `Looking up instance ${JSON.stringify(name)} in environment ${envId} failed: ${errorMessage(e)}.`,
      );
    }
  }
  const state: ValueObject = {};
  for (const a of instanceSchema.block.attributes) state[a.name] = null;
  state.id = id;
  return {
    importedResources: [
      {
        typeName: INSTANCE_TYPE,
        state,
        private: encodePrivate({ imported: true, ...(secretNames.length > 0 && { secretNames }) }),
      },
    ],
    diagnostics: [],
  };
}

/** The id of the one live instance named `name` in the environment, or why there is none. */
async function instanceNamed(ctx: ProviderContext, envId: string, name: string): Promise<string> {
  const instances = await ctx.service().client.listInstances(envId, { signal: ctx.signal });
  const matches = instances.filter((i) => i.name === name && i.status !== "Destroyed");
  if (matches.length === 1) return matches[0].id;
  if (matches.length === 0) {
    throw new Error(
      `environment ${envId} has no instance named ${JSON.stringify(name)} (destroyed ones do not count); ` +
        "check the name, or import by instance id",
    );
  }
  throw new Error(
    `environment ${envId} has ${matches.length} instances named ${JSON.stringify(name)} ` +
      `(${matches.map((m) => m.id).join(", ")}); import the one you mean by its instance id`,
  );
}
