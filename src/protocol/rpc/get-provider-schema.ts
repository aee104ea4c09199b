import { rpcMethod, SERVER_CAPABILITIES, wireDiagnostics } from "../typed-rpc";
import { schemaToWire } from "../wire/schema";
import type { Message } from "../wire/protobuf";

const mapValues = (o: Record<string, Parameters<typeof schemaToWire>[0]>): Record<string, Message> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, schemaToWire(v)]));

export const getProviderSchema = rpcMethod(
  "GetProviderSchema",
  async (ctx) => {
    const s = ctx.getSchemas();
    return {
      provider: schemaToWire(s.provider),
      resourceSchemas: mapValues(s.resources),
      dataSourceSchemas: mapValues(s.dataSources),
      diagnostics: wireDiagnostics([]),
      serverCapabilities: SERVER_CAPABILITIES,
    };
  },
  ["Empty", "GetProviderSchema.Response"],
);
