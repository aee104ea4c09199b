import { typedRpc } from "../typed-rpc";
import { encodeDynamic } from "../values/dynamic-value";

export const readResource = typedRpc("resource", "ReadResource", {
  values: { currentState: "current_state" },
  call: (ctx, request, req) => ctx.handler.readResource({ ...request, private: req.private }),
  respond: (res, type) => ({ newState: encodeDynamic(res.newState, type), private: res.private }),
});
