// `cdktf-provider-appmgmt/cdktn`: the constructs and bindings for CDK Terrain (cdktn) apps. cdktn is
// the maintained fork of cdktf; a construct built on one library fails in an app built on the other
// ("_resetResolveDiscoveredProviderFeatureUsage is not a function"), so cdktn apps import from here.
// Nothing here loads cdktf.

export { AppMgmtProvider, type AppMgmtProviderProps } from "./app-mgmt-provider";
export { ApplicationManifest } from "../constructs/application-manifest";
export { ApplicationInstance, type ApplicationInstanceProps } from "./application-instance";
export type { ApplicationSubmoduleSettings } from "../constructs/application-instance-base";
export { Application, type ApplicationProps } from "./application";
export type { ApplicationReference } from "../constructs/application-base";
export { Environment, type EnvironmentProps } from "./environment";
export { EnvironmentPolicies } from "../constructs/environment-policies";
export type { EnvironmentReference } from "../constructs/environment-base";
/** The cdktn bindings generated from the provider's schema (instance, provider, data sources). */
export * as bindings from "../gen/cdktn/providers/appmgmt";
export { ManifestError } from "../manifest";
