import type { RpcMethod } from "./context";
import { wireDiagnostics } from "./context";
import { schemaToWire } from "./schema-wire";
import type { Message } from "../wire/protobuf";

const mapValues = (o: Record<string, Parameters<typeof schemaToWire>[0]>): Record<string, Message> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, schemaToWire(v)]));

export const getProviderSchema: RpcMethod = {
  name: "GetProviderSchema",
  requestType: "Empty",
  responseType: "GetProviderSchema.Response",
  async handle(ctx) {
    const s = ctx.getSchemas();
    return {
      provider: schemaToWire(s.provider),
      resourceSchemas: mapValues(s.resources),
      dataSourceSchemas: mapValues(s.dataSources),
      diagnostics: wireDiagnostics([]),
      // terraform must ask every new provider process for the schema (no cached copy), and no
      // PlanResourceChange is wanted for destroy.
      serverCapabilities: { planDestroy: false, getProviderSchemaOptional: false },
    };
  },
};
