export type { Binding, Manifest, ManifestParameter, ManifestProblem, ManifestSubmodule } from "./types";
export { ManifestError, manifestDefaults, parseManifest } from "./parse";
