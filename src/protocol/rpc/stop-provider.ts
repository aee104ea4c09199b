import { errorMessage } from "../../terraform-model";
import { rpcMethod } from "../typed-rpc";

export const stopProvider = rpcMethod("StopProvider", async (ctx) => {
  try {
    await ctx.handler.stop();
    return {};
  } catch (e) {
    return { Error: errorMessage(e) };
  }
});
