import { typedRpc } from "../typed-rpc";

export const configureProvider = typedRpc("provider", "ConfigureProvider", {
  messages: ["ConfigureProvider.Request", "Diagnostics.Response"],
  values: { config: "config" },
  call: (ctx, { config }, req) =>
    ctx.handler.configureProvider({ config, terraformVersion: req.terraformVersion as string }),
});
