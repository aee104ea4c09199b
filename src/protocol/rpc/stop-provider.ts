import type { RpcMethod } from "./context";

export const stopProvider: RpcMethod = {
  name: "StopProvider",
  requestType: "Empty",
  responseType: "StopProvider.Response",
  async handle(ctx) {
    try {
      await ctx.handler.stop();
      return {};
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  },
};
