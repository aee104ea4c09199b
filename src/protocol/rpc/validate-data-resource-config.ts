import { typedRpc } from "../typed-rpc";

export const validateDataResourceConfig = typedRpc("data source", "ValidateDataResourceConfig", {
  values: { config: "config" },
  call: (ctx, request) => ctx.handler.validateDataResourceConfig(request),
});
