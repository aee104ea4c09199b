// The shape every data source file implements, and the checks they share.

import {
  type AttributePath,
  type Diagnostic,
  errorDiagnostic,
  type Schema,
  type Value,
  type ValueObject,
} from "../terraform-model";
import type { ServiceClient } from "./service";
import { idProblem } from "../rules/identifiers";
import type { ProviderContext } from "./context";
import { attrPath, knownString } from "./values";

export interface DataSource {
  typeName: string;
  schema: Schema;
  validate(config: ValueObject): Diagnostic[];
  /** The state: the config with every computed attribute filled. */
  read(ctx: ProviderContext, config: ValueObject): Promise<Value>;
}

/**
 * A read that fails because of what the configuration asks for (not because of the service): the provider
 * reports it against `attribute`, so terraform points at the line to fix.
 */
export class ConfigurationMismatchError extends Error {
  constructor(
    readonly summary: string,
    detail: string,
    readonly attribute: AttributePath,
  ) {
    super(detail);
    this.name = "ConfigurationMismatchError";
  }
}

/** Errors for the named id attributes that are known and not 24-hex ids. */
export function checkIdAttributes(config: ValueObject, names: string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const name of names) {
    const v = knownString(config, name);
    const problem = v === undefined ? undefined : idProblem(name, v);
    if (problem) out.push(errorDiagnostic(`Invalid ${name}`, `${problem}.`, attrPath(name)));
  }
  return out;
}

/**
 * A data source listing what an organization holds (its applications, its environments): the same
 * organization_id check and read, with the list call and each item's attributes its own.
 */
export function organizationListDataSource<T>(
  typeName: string,
  schema: Schema,
  list: (client: ServiceClient, orgId: string, o: { signal?: AbortSignal }) => Promise<T[]>,
  toItems: (items: T[]) => ValueObject,
): DataSource {
  return {
    typeName,
    schema,
    validate: (config) => checkIdAttributes(config, ["organization_id"]),
    async read(ctx, config) {
      const items = await list(ctx.service().client, String(config.organization_id), { signal: ctx.signal });
      return { ...config, ...toItems(items) };
    },
  };
}
