import { decodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const validateDataResourceConfig: RpcMethod = {
  name: "ValidateDataResourceConfig",
  requestType: "ValidateConfig.Request",
  responseType: "Diagnostics.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const config = decodeDynamic(req.config, ctx.dataSourceType(typeName), "config");
    const res = await ctx.handler.validateDataResourceConfig({ typeName, config });
    return { diagnostics: wireDiagnostics(res.diagnostics) };
  },
};
