import { validateConfigRpc } from "./context";

export const validateResourceConfig = validateConfigRpc(
  "resource",
  "ValidateResourceConfig",
  (ctx, request) => ctx.handler.validateResourceConfig(request),
);
