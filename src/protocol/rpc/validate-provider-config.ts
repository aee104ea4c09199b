import { typedRpc } from "./context";

export const validateProviderConfig = typedRpc("provider", "ValidateProviderConfig", {
  values: { config: "config" },
  call: (ctx, { config }) => ctx.handler.validateProviderConfig({ config }),
});
