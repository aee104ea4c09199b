import { decodeDynamic, encodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const applyResourceChange: RpcMethod = {
  name: "ApplyResourceChange",
  requestType: "ApplyResourceChange.Request",
  responseType: "ApplyResourceChange.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const type = ctx.resourceType(typeName);
    const res = await ctx.handler.applyResourceChange({
      typeName,
      priorState: decodeDynamic(req.priorState, type, "prior_state"),
      plannedState: decodeDynamic(req.plannedState, type, "planned_state"),
      config: decodeDynamic(req.config, type, "config"),
      plannedPrivate: req.plannedPrivate as Buffer,
    });
    return {
      newState: encodeDynamic(res.newState, type),
      private: res.private,
      diagnostics: wireDiagnostics(res.diagnostics),
    };
  },
};
