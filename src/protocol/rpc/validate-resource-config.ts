import { typedRpc } from "../typed-rpc";
import { clientCapabilities } from "../wire/capabilities";

export const validateResourceConfig = typedRpc("resource", "ValidateResourceConfig", {
  values: { config: "config" },
  call: (ctx, request, req) =>
    ctx.handler.validateResourceConfig({
      ...request,
      clientCapabilities: clientCapabilities(req.clientCapabilities),
    }),
});
