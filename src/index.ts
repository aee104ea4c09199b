// Package root: what a cdktf app needs, and nothing it does not (no HTTP client, no simulator: those
// are the subpaths `cdktf-provider-appmgmt/client` and `cdktf-provider-appmgmt/simulator`).

/** Hand-written constructs: AppMgmtProvider, ApplicationManifest, ApplicationInstance, Application, Environment. */
export * from "./constructs";
/** The cdktf bindings generated from the provider's schema (instance, provider, data sources). */
export * as bindings from "./gen/cdktf/providers/appmgmt";
/** Binding rules: checkInstanceConfig, formatFinding. */
export * from "./rules";
export { ManifestError, manifestDefaults, parseManifest } from "./manifest";
export type { Binding, Manifest, ManifestParameter, ManifestProblem, ManifestSubmodule } from "./manifest";
