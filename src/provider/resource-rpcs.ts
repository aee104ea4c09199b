// The managed-resource calls of the provider (ValidateResourceConfig, UpgradeResourceState, ReadResource,
// PlanResourceChange, ApplyResourceChange, ImportResourceState): each routed to its resource by type name, every
// write-only value recorded as a secret before anything can log it, every failure a diagnostic.

import {
  asObject,
  type Diagnosed,
  failureDiagnostic,
  type ProviderHandler,
  writeOnlyNotAllowed,
  writeOnlyStrings,
} from "../terraform-model";
import { RESOURCES } from "./catalog";
import type { ProviderContext } from "./context";
import type { SecretList } from "./redact";
import type { ApplyResult } from "./resource";

/** What each call needs of the provider: its context, its secrets, and the way every answer goes out. */
export interface ProviderParts {
  ctx: ProviderContext;
  secrets: SecretList;
  done: <T extends Diagnosed>(result: T) => T;
}

type ResourceRpcs = Pick<
  ProviderHandler,
  | "validateResourceConfig"
  | "upgradeResourceState"
  | "readResource"
  | "planResourceChange"
  | "applyResourceChange"
  | "importResourceState"
>;

export function resourceRpcs({ ctx, secrets, done }: ProviderParts): ResourceRpcs {
  // The protocol layer refuses type names the schemas do not have, and both come from catalog.ts.
  const resource = byTypeName(RESOURCES, "resource");
  return {
    async validateResourceConfig({ typeName, config, clientCapabilities }) {
      const r = resource(typeName);
      secrets.add(...writeOnlyStrings(config, r.schema.block));
      const tooOld = writeOnlyNotAllowed(config, r.schema.block, clientCapabilities);
      if (tooOld.length) return done({ diagnostics: tooOld });
      const c = asObject(config);
      return done({ diagnostics: c ? r.validate(c) : [] });
    },

    async upgradeResourceState({ typeName, version, rawState }) {
      return done(resource(typeName).upgrade(version, rawState));
    },

    async readResource(req) {
      try {
        return done(await resource(req.typeName).read(ctx, req));
      } catch (e) {
        return done({
          newState: req.currentState,
          diagnostics: [failureDiagnostic("Reading the instance failed", e)],
        });
      }
    },

    async planResourceChange(req) {
      const r = resource(req.typeName);
      // Write-only values are secrets by design: from here on no log line or diagnostic holds one.
      secrets.add(...writeOnlyStrings(req.config, r.schema.block));
      return done(await r.plan(req, ctx));
    },

    async applyResourceChange(req) {
      const r = resource(req.typeName);
      secrets.add(...writeOnlyStrings(req.config, r.schema.block));
      const prior = asObject(req.priorState);
      const planned = asObject(req.plannedState);
      let result: ApplyResult;
      try {
        if (!planned)
          result = prior
            ? await r.delete(ctx, prior, req.plannedPrivate)
            : { newState: null, diagnostics: [] };
        else if (!prior) result = await r.create(ctx, planned, asObject(req.config) ?? planned);
        else
          result = await r.update(ctx, prior, planned, asObject(req.config) ?? planned, req.plannedPrivate);
      } catch (e) {
        // a failure before anything reached the service (e.g. provider not configured)
        const diagnostic = failureDiagnostic(`${req.typeName}: apply failed`, e);
        result = { newState: req.priorState, diagnostics: [diagnostic] };
      }
      return done(result);
    },

    async importResourceState(req) {
      return done(await resource(req.typeName).import(ctx, req.id));
    },
  };
}

/** The lookup of a resource or data source by type name. */
export function byTypeName<T extends { typeName: string }>(list: T[], kind: string): (typeName: string) => T {
  const table = new Map(list.map((t) => [t.typeName, t]));
  return (typeName) => {
    const found = table.get(typeName);
    if (!found) throw new Error(`the provider has no ${kind} type ${JSON.stringify(typeName)}`);
    return found;
  };
}
