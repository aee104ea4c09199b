import { decodeDynamic, encodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const readResource: RpcMethod = {
  name: "ReadResource",
  requestType: "ReadResource.Request",
  responseType: "ReadResource.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const type = ctx.resourceType(typeName);
    const currentState = decodeDynamic(req.currentState, type, "current_state");
    const res = await ctx.handler.readResource({ typeName, currentState, private: req.private as Buffer });
    return {
      newState: encodeDynamic(res.newState, type),
      diagnostics: wireDiagnostics(res.diagnostics),
      private: res.private,
    };
  },
};
