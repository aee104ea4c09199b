// The ephemeral resource RPCs (protocol 6.7): validate and open decode the configuration against the
// ephemeral resource's schema; renew and close carry only the private bytes open returned.

import { rpcMethod, typedRpc, wireDiagnostics } from "../typed-rpc";
import { encodeDynamic } from "../values/dynamic-value";

export const validateEphemeralResourceConfig = typedRpc(
  "ephemeral resource",
  "ValidateEphemeralResourceConfig",
  {
    values: { config: "config" },
    call: (ctx, request) => ctx.handler.validateEphemeralResourceConfig(request),
  },
);

export const openEphemeralResource = typedRpc("ephemeral resource", "OpenEphemeralResource", {
  values: { config: "config" },
  call: (ctx, request) => ctx.handler.openEphemeralResource(request),
  respond: (res, type) => ({ result: encodeDynamic(res.result, type), private: res.private }),
});

export const renewEphemeralResource = rpcMethod("RenewEphemeralResource", async (ctx, req) => {
  const res = await ctx.handler.renewEphemeralResource({ typeName: req.typeName, private: req.private });
  return { diagnostics: wireDiagnostics(res.diagnostics), private: res.private };
});

export const closeEphemeralResource = rpcMethod("CloseEphemeralResource", async (ctx, req) => {
  const res = await ctx.handler.closeEphemeralResource({ typeName: req.typeName, private: req.private });
  return { diagnostics: wireDiagnostics(res.diagnostics) };
});
