import type { RpcMethod } from "./context";

export const getMetadata: RpcMethod = {
  name: "GetMetadata",
  requestType: "Empty",
  responseType: "GetMetadata.Response",
  async handle(ctx) {
    const s = ctx.getSchemas();
    return {
      serverCapabilities: { planDestroy: false, getProviderSchemaOptional: false },
      diagnostics: [],
      dataSources: Object.keys(s.dataSources).map((typeName) => ({ typeName })),
      resources: Object.keys(s.resources).map((typeName) => ({ typeName })),
    };
  },
};
