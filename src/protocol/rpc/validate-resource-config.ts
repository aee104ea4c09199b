import { typedRpc } from "../typed-rpc";

export const validateResourceConfig = typedRpc("resource", "ValidateResourceConfig", {
  values: { config: "config" },
  call: (ctx, request) => ctx.handler.validateResourceConfig(request),
});
