import { typedRpc } from "../typed-rpc";
import { encodeDynamic } from "../values/dynamic-value";

export const applyResourceChange = typedRpc("resource", "ApplyResourceChange", {
  values: { priorState: "prior_state", plannedState: "planned_state", config: "config" },
  call: (ctx, request, req) =>
    ctx.handler.applyResourceChange({ ...request, plannedPrivate: req.plannedPrivate }),
  respond: (res, type) => ({ newState: encodeDynamic(res.newState, type), private: res.private }),
});
