import { encodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const importResourceState: RpcMethod = {
  name: "ImportResourceState",
  requestType: "ImportResourceState.Request",
  responseType: "ImportResourceState.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    ctx.resourceType(typeName); // an unknown type is reported before the handler runs
    const res = await ctx.handler.importResourceState({ typeName, id: req.id as string });
    return {
      importedResources: (res.importedResources ?? []).map((r) => ({
        typeName: r.typeName,
        state: encodeDynamic(r.state, ctx.resourceType(r.typeName)),
        private: r.private,
      })),
      diagnostics: wireDiagnostics(res.diagnostics),
    };
  },
};
