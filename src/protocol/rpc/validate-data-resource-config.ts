import { validateConfigRpc } from "./context";

export const validateDataResourceConfig = validateConfigRpc(
  "data source",
  "ValidateDataResourceConfig",
  (ctx, request) => ctx.handler.validateDataResourceConfig(request),
);
