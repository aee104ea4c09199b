// The terraform plugin protocol (go-plugin + tfplugin6) for a provider written against ./model.
export * from "./model";
export { serveProvider, checkPluginEnvironment, handshakeLine, type ServeOptions } from "./plugin";
export { startProviderServer, type ProviderServer, type ProviderServerOptions } from "./server";
export type { HandlerSource } from "./rpc/context";
export { createLogger, levelFromEnv, type Logger, type LogLevel } from "./log";
export { impliedType, attributeType } from "./values/types";
export { formatPath } from "./paths";
