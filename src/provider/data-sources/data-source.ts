// The shape every data source implements, the error for a read the configuration cannot match, and the one
// read two of them share (an organization's list).

import {
  type AttributePath,
  type Diagnostic,
  type Schema,
  type Value,
  type ValueObject,
} from "../../terraform-model";
import type { ServiceClient } from "../service";
import type { ProviderContext } from "../context";
import { checkIdAttributes } from "../id-attributes";

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
