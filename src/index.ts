// Package root: the cdktf constructs first, then the pieces library users build on.

/** Hand-written constructs: AppMgmtProvider, ApplicationManifest, ApplicationInstance. */
export * from "./constructs";
/** The cdktf bindings generated from the provider's schema (instance, provider, data sources). */
export * as bindings from "./gen/providers/appmgmt";
/** Binding rules: checkInstanceConfig, formatFinding. */
export * from "./rules";
export { ManifestError, manifestDefaults, parseManifest } from "./manifest";
export type { Binding, Manifest, ManifestParameter, ManifestProblem, ManifestSubmodule } from "./manifest";
/** Typed HTTP client of the service. */
export * from "./client";
/** The embedded simulator of the service. */
export { startSimulator, DEMO, demoSeed, loadSeedFile } from "./simulator";
export type { RunningSimulator, StartSimulatorOptions } from "./simulator";
