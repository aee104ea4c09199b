import { rpcMethod, SERVER_CAPABILITIES } from "../typed-rpc";

export const getMetadata = rpcMethod("GetMetadata", async (ctx) => {
  const s = ctx.getSchemas();
  return {
    serverCapabilities: SERVER_CAPABILITIES,
    diagnostics: [],
    dataSources: Object.keys(s.dataSources).map((typeName) => ({ typeName })),
    resources: Object.keys(s.resources).map((typeName) => ({ typeName })),
    ephemeralResources: Object.keys(s.ephemeralResources ?? {}).map((typeName) => ({ typeName })),
  };
});
