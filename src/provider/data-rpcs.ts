// The data source and ephemeral resource calls of the provider: each routed to its type, an ephemeral value
// recorded as a secret before anything can log it, every failure a diagnostic.

import { asObject, failureDiagnostic, type ProviderHandler, type Value } from "../terraform-model";
import { DATA_SOURCES, EPHEMERAL_RESOURCES } from "./catalog";
import { ConfigurationMismatchError } from "./data-sources/data-source";
import { byTypeName, type ProviderParts } from "./resource-rpcs";

type DataRpcs = Pick<
  ProviderHandler,
  | "validateDataResourceConfig"
  | "readDataSource"
  | "validateEphemeralResourceConfig"
  | "openEphemeralResource"
  | "renewEphemeralResource"
  | "closeEphemeralResource"
>;

export function dataRpcs({ ctx, secrets, done }: ProviderParts): DataRpcs {
  const dataSource = byTypeName(DATA_SOURCES, "data source");
  const ephemeral = byTypeName(EPHEMERAL_RESOURCES, "ephemeral resource");
  return {
    async validateDataResourceConfig({ typeName, config }) {
      const c = asObject(config);
      return done({ diagnostics: c ? dataSource(typeName).validate(c) : [] });
    },

    async readDataSource({ typeName, config }) {
      const ds = dataSource(typeName);
      const c = asObject(config);
      if (!c) return done({ state: config, diagnostics: [] });
      try {
        const state: Value = await ds.read(ctx, c);
        return done({ state, diagnostics: [] });
      } catch (e) {
        const diagnostic =
          e instanceof ConfigurationMismatchError
            ? failureDiagnostic(e.summary, e, e.attribute)
            : failureDiagnostic(`Reading data source ${typeName} failed`, e);
        return done({ state: config, diagnostics: [diagnostic] });
      }
    },

    async validateEphemeralResourceConfig({ typeName, config }) {
      const c = asObject(config);
      return done({ diagnostics: c ? ephemeral(typeName).validate(c) : [] });
    },

    async openEphemeralResource({ typeName, config }) {
      const c = asObject(config);
      if (!c) return done({ result: config, diagnostics: [] });
      try {
        const opened = await ephemeral(typeName).open(ctx, c);
        // An ephemeral value is meant for secrets: from here on no log line or diagnostic holds it.
        secrets.add(...opened.secrets);
        return done({ result: opened.result, diagnostics: [] });
      } catch (e) {
        return done({ result: null, diagnostics: [failureDiagnostic(`Opening ${typeName} failed`, e)] });
      }
    },

    // Nothing is held open: the values are read once, so there is nothing to renew or close.
    async renewEphemeralResource() {
      return { diagnostics: [] };
    },

    async closeEphemeralResource() {
      return { diagnostics: [] };
    },
  };
}
