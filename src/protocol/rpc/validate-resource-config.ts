import { decodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const validateResourceConfig: RpcMethod = {
  name: "ValidateResourceConfig",
  requestType: "ValidateConfig.Request",
  responseType: "Diagnostics.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const config = decodeDynamic(req.config, ctx.resourceType(typeName), "config");
    const res = await ctx.handler.validateResourceConfig({ typeName, config });
    return { diagnostics: wireDiagnostics(res.diagnostics) };
  },
};
