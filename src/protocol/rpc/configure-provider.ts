import { decodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const configureProvider: RpcMethod = {
  name: "ConfigureProvider",
  requestType: "ConfigureProvider.Request",
  responseType: "Diagnostics.Response",
  async handle(ctx, req) {
    const config = decodeDynamic(req.config, ctx.providerType(), "config");
    const res = await ctx.handler.configureProvider({
      config,
      terraformVersion: req.terraformVersion as string,
    });
    return { diagnostics: wireDiagnostics(res.diagnostics) };
  },
};
