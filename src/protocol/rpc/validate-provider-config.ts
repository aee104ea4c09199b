import { typedRpc } from "../typed-rpc";

export const validateProviderConfig = typedRpc("provider", "ValidateProviderConfig", {
  values: { config: "config" },
  call: (ctx, { config }) => ctx.handler.validateProviderConfig({ config }),
});
