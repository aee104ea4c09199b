// The terraform plugin protocol (go-plugin + tfplugin6) for a provider written against src/terraform-model.
export { serveProvider, checkPluginEnvironment, handshakeLine, type ServeOptions } from "./plugin";
export { startProviderServer, type ProviderServer, type ProviderServerOptions } from "./server";
export type { HandlerSource } from "./rpc/context";
