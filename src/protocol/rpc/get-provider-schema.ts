import type { Schema } from "../../terraform-model";
import { rpcMethod, SERVER_CAPABILITIES } from "../typed-rpc";
import { schemaToWire } from "../wire/schema";

const mapValues = (o: Record<string, Schema>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, schemaToWire(v)]));

export const getProviderSchema = rpcMethod("GetProviderSchema", async (ctx) => {
  const s = ctx.getSchemas();
  return {
    provider: schemaToWire(s.provider),
    resourceSchemas: mapValues(s.resources),
    dataSourceSchemas: mapValues(s.dataSources),
    ephemeralResourceSchemas: mapValues(s.ephemeralResources ?? {}),
    diagnostics: [],
    serverCapabilities: SERVER_CAPABILITIES,
  };
});
