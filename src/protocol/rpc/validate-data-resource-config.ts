import { validateConfigRpc } from "../typed-rpc";

export const validateDataResourceConfig = validateConfigRpc(
  "data source",
  "ValidateDataResourceConfig",
  (ctx, request) => ctx.handler.validateDataResourceConfig(request),
);
