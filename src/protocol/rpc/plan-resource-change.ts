import { pathToWire } from "../wire/paths";
import { encodeDynamic, typedRpc } from "../typed-rpc";

export const planResourceChange = typedRpc("resource", "PlanResourceChange", {
  values: { priorState: "prior_state", proposedNewState: "proposed_new_state", config: "config" },
  call: (ctx, request, req) =>
    ctx.handler.planResourceChange({ ...request, priorPrivate: req.priorPrivate as Buffer }),
  respond: (res, type) => ({
    plannedState: encodeDynamic(res.plannedState, type),
    requiresReplace: (res.requiresReplace ?? []).map(pathToWire),
    plannedPrivate: res.plannedPrivate,
  }),
});
