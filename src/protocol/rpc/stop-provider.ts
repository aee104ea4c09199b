import { rpcMethod } from "../typed-rpc";

export const stopProvider = rpcMethod(
  "StopProvider",
  async (ctx) => {
    try {
      await ctx.handler.stop();
      return {};
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  },
  ["Empty", "StopProvider.Response"],
);
