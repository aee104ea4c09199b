export { AppMgmtProvider, type AppMgmtProviderProps } from "./app-mgmt-provider";
export { ApplicationManifest } from "./application-manifest";
export { ApplicationInstance, type ApplicationInstanceProps } from "./application-instance";
export type { ApplicationSubmoduleSettings } from "./application-instance-base";
export { Application, type ApplicationProps } from "./application";
export type { ApplicationReference } from "./application-base";
export { Environment, type EnvironmentProps } from "./environment";
export { EnvironmentPolicies } from "./environment-policies";
export type { EnvironmentReference } from "./environment-base";
