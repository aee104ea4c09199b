import { pathToWire } from "../paths";
import { decodeDynamic, encodeDynamic, wireDiagnostics, type RpcMethod } from "./context";

export const planResourceChange: RpcMethod = {
  name: "PlanResourceChange",
  requestType: "PlanResourceChange.Request",
  responseType: "PlanResourceChange.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const type = ctx.resourceType(typeName);
    const res = await ctx.handler.planResourceChange({
      typeName,
      priorState: decodeDynamic(req.priorState, type, "prior_state"),
      proposedNewState: decodeDynamic(req.proposedNewState, type, "proposed_new_state"),
      config: decodeDynamic(req.config, type, "config"),
      priorPrivate: req.priorPrivate as Buffer,
    });
    return {
      plannedState: encodeDynamic(res.plannedState, type),
      requiresReplace: (res.requiresReplace ?? []).map(pathToWire),
      plannedPrivate: res.plannedPrivate,
      diagnostics: wireDiagnostics(res.diagnostics),
    };
  },
};
