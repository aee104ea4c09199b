import { encodeDynamic, typedRpc } from "../typed-rpc";

export const readResource = typedRpc("resource", "ReadResource", {
  values: { currentState: "current_state" },
  call: (ctx, request, req) => ctx.handler.readResource({ ...request, private: req.private as Buffer }),
  respond: (res, type) => ({ newState: encodeDynamic(res.newState, type), private: res.private }),
});
