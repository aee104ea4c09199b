import { decodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const validateProviderConfig: RpcMethod = {
  name: "ValidateProviderConfig",
  requestType: "ValidateProviderConfig.Request",
  responseType: "ValidateProviderConfig.Response",
  async handle(ctx, req) {
    const config = decodeDynamic(req.config, ctx.providerType(), "config");
    const res = await ctx.handler.validateProviderConfig({ config });
    return { diagnostics: wireDiagnostics(res.diagnostics) };
  },
};
