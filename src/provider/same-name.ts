// Created once, not twice (issue 35): the API deletes neither environments nor applications, so a destroy
// only forgets them, and the next create of the same configuration (a branch sandbox applied again) would make
// a second one of the same name. A create first looks for its name in the organization: one object of that
// name that runs no instance, as a destroy leaves it (an environment's destroy refuses while instances run), is
// adopted; one that runs instances (someone uses it) or several of the name fail, naming them and the import
// command, before anything is made. The plan asks the same question, so it warns of an adoption and fails where
// the apply would; the apply asks again (the organization may have changed since). An import by id searches
// the same organizations' lists.

import {
  asObject,
  errorDiagnostic,
  errorMessage,
  type Diagnostic,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  warningDiagnostic,
} from "../terraform-model";
import type { InstanceSummary } from "../client/types";
import type { ProviderContext } from "./context";
import { badImportId, importFailed, type ImportResult, type ResourceDefinition } from "./resource";
import { attrPath, knownString } from "./values";

export interface Named {
  id: string;
  name: string;
}

/** How a resource's objects are found: its kind in words, its type, the organization's list, an object's instances. */
export interface SameNameLookup<T extends Named = Named> {
  kind: "environment" | "application";
  typeName: string;
  list(ctx: ProviderContext, orgId: string): Promise<T[]>;
  instancesOf(ctx: ProviderContext, id: string): Promise<InstanceSummary[]>;
}

/** Adopt `adopt` (with `note`, a warning), create a new one (neither set), or fail with `refused`. */
export type SameName = { adopt?: string; note?: Diagnostic; refused?: Diagnostic };

/** What a create of `name` in `orgId` does; `when` words the note for the plan or the apply. */
export async function sameNameInOrganization(
  ctx: ProviderContext,
  lookup: SameNameLookup,
  orgId: string,
  name: string,
  when: "plan" | "apply",
): Promise<SameName> {
  const { kind, typeName } = lookup;
  const named = (await lookup.list(ctx, orgId)).filter((o) => o.name === name);
  if (named.length === 0) return {};
  const importHint = (id: string) => `\`terraform import ${typeName}.<name> ${id}\``;
  if (named.length > 1)
    return {
      refused: errorDiagnostic(
        `${named.length} ${kind}s are named ${JSON.stringify(name)} already`,
        `The organization has ${named.length} ${kind}s named ${JSON.stringify(name)} (${named.map((o) => o.id).join(", ")}); ` +
          `this create would make one more. Import the one to keep (${importHint(named[0].id)}, or an import block) ` +
          `and delete the others in the service's console, or give this ${kind} another name.`,
        attrPath("name"),
      ),
    };
  const [existing] = named;
  const live = (await lookup.instancesOf(ctx, existing.id)).filter((i) => i.status !== "Destroyed");
  if (live.length > 0)
    return {
      refused: errorDiagnostic(
        `An ${kind} named ${JSON.stringify(name)} exists and is in use`,
        `The ${kind} ${existing.id} is named ${JSON.stringify(name)} and runs instances (` +
          `${live.map((i) => `${i.name} (${i.id})`).join(", ")}), so this create does not take it over. If this ` +
          `configuration manages it, import it: ${importHint(existing.id)} (or an import block); otherwise give ` +
          `this ${kind} another name.`,
        attrPath("name"),
      ),
    };
  const what = `the existing ${kind} ${existing.id} (${JSON.stringify(name)})`;
  return {
    adopt: existing.id,
    note: warningDiagnostic(
      when === "plan" ? `This create adopts ${what}` : `Adopted ${what}`,
      `The organization already has an ${kind} of this name running no instance, as a destroy leaves it (the ` +
        `service's API cannot delete one, so destroy only forgets it): the create takes it over, instead of ` +
        `making a second ${kind} of the same name, and sets what the configuration says.`,
      attrPath("name"),
    ),
  };
}

/**
 * A create's plan with the same question asked: a warning of the adoption, or the error the apply would give.
 * A failed lookup leaves the plan as it is (logged): the apply asks again.
 */
async function planSameName(
  ctx: ProviderContext,
  req: PlanResourceChangeRequest,
  res: PlanResourceChangeResponse,
  lookup: SameNameLookup,
): Promise<PlanResourceChangeResponse> {
  const planned = asObject(res.plannedState);
  const orgId = knownString(planned, "organization_id");
  const name = knownString(planned, "name");
  if (asObject(req.priorState) || orgId === undefined || name === undefined) return res;
  if (res.diagnostics.some((d) => d.severity === "error")) return res;
  try {
    const same = await sameNameInOrganization(ctx, lookup, orgId, name, "plan");
    const found = same.refused ?? same.note;
    return found ? { ...res, diagnostics: [...res.diagnostics, found] } : res;
  } catch (e) {
    ctx.log.warn(
      `looking for ${lookup.kind}s named ${JSON.stringify(name)} failed: ${(e as Error).message}`,
      {
        organization_id: orgId,
      },
    );
    return res;
  }
}

/** A resource whose create's plan asks `lookup` whether the name is taken (planSameName). */
export function sameNameAtPlan<T extends Named>(
  lookup: SameNameLookup<T>,
  def: ResourceDefinition,
): ResourceDefinition {
  return { ...def, plan: async (req, ctx) => planSameName(ctx, req, await def.plan(req, ctx), lookup) };
}

/**
 * The import of an organization's object (an application, an environment) by its id: the id checked, the
 * organizations the credentials see searched for it, and `imported` made of what was found there. A failed
 * lookup, or an id no organization lists, fails the import saying so.
 */
export async function importFromOrganizations<T extends Named>(
  ctx: ProviderContext,
  { kind, typeName, list }: SameNameLookup<T>,
  importId: string,
  imported: (found: T, organizationId: string) => ImportResult | Promise<ImportResult>,
): Promise<ImportResult> {
  const bad = badImportId(typeName, kind, importId);
  if (bad) return bad;
  const id = importId.trim();
  try {
    for (const org of await ctx.service().client.listOrganizations({ signal: ctx.signal })) {
      const found = (await list(ctx, org.id)).find((o) => o.id === id);
      if (found) return await imported(found, org.id);
    }
  } catch (e) {
    return importFailed(`Cannot import ${kind}`, `Looking up ${kind} ${id} failed: ${errorMessage(e)}.`);
  }
  return importFailed(
    `Cannot import ${kind}`,
    `None of the organizations these credentials can access lists ${kind} ${id}; check the id and the credentials.`,
  );
}
