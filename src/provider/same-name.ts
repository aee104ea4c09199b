// Created once, not twice (issue 35): the API deletes neither environments nor applications, so a destroy
// only forgets them, and the next create of the same configuration (a branch sandbox applied again) would make
// a second one of the same name. A create first looks for its name in the organization: one object of that
// name that runs no instance, as a destroy leaves it (an environment's destroy refuses while instances run), is
// adopted; one that runs instances (someone uses it) or several of the name fail the create, naming them and the
// import command, before anything is made.

import { errorDiagnostic, type Diagnostic, warningDiagnostic } from "../terraform-model";
import type { InstanceSummary } from "../client/types";
import { attrPath } from "./values";

export interface Named {
  id: string;
  name: string;
}

/** Adopt `adopt` (with `note`, a warning), create a new one (neither set), or fail with `refused`. */
export type SameName = { adopt?: string; note?: Diagnostic; refused?: Diagnostic };

/**
 * What a create of `name` does, given the organization's objects of the kind (`listed`) and their instances
 * (`instancesOf`, asked only of those of that name). `kind` is "environment" or "application".
 */
export async function sameNameInOrganization(
  kind: string,
  typeName: string,
  name: string,
  listed: Named[],
  instancesOf: (id: string) => Promise<InstanceSummary[]>,
): Promise<SameName> {
  const named = listed.filter((o) => o.name === name);
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
  const live = (await instancesOf(existing.id)).filter((i) => i.status !== "Destroyed");
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
  return {
    adopt: existing.id,
    note: warningDiagnostic(
      `Adopted the existing ${kind} ${existing.id} (${JSON.stringify(name)})`,
      `The organization already had an ${kind} of this name running no instance, as a destroy leaves it (the ` +
        `service's API cannot delete one, so destroy only forgets it): this create took it over, instead of ` +
        `making a second ${kind} of the same name, and set what the configuration says.`,
      attrPath("name"),
    ),
  };
}
