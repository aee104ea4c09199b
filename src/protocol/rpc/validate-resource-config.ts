import { validateConfigRpc } from "../typed-rpc";

export const validateResourceConfig = validateConfigRpc(
  "resource",
  "ValidateResourceConfig",
  (ctx, request) => ctx.handler.validateResourceConfig(request),
);
