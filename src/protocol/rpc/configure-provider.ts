import { typedRpc } from "../typed-rpc";

export const configureProvider = typedRpc("provider", "ConfigureProvider", {
  values: { config: "config" },
  call: (ctx, { config }, req) =>
    ctx.handler.configureProvider({ config, terraformVersion: req.terraformVersion }),
});
