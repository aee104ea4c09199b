import { typedRpc } from "../typed-rpc";
import { encodeDynamic } from "../values/dynamic-value";
import { pathToWire } from "../wire/paths";

export const planResourceChange = typedRpc("resource", "PlanResourceChange", {
  values: { priorState: "prior_state", proposedNewState: "proposed_new_state", config: "config" },
  call: (ctx, request, req) => ctx.handler.planResourceChange({ ...request, priorPrivate: req.priorPrivate }),
  respond: (res, type) => ({
    plannedState: encodeDynamic(res.plannedState, type),
    requiresReplace: (res.requiresReplace ?? []).map(pathToWire),
    plannedPrivate: res.plannedPrivate,
  }),
});
