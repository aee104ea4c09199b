import { decodeDynamic, encodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const readDataSource: RpcMethod = {
  name: "ReadDataSource",
  requestType: "ReadDataSource.Request",
  responseType: "ReadDataSource.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const type = ctx.dataSourceType(typeName);
    const config = decodeDynamic(req.config, type, "config");
    const res = await ctx.handler.readDataSource({ typeName, config });
    return { state: encodeDynamic(res.state, type), diagnostics: wireDiagnostics(res.diagnostics) };
  },
};
