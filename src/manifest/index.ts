export type {
  Binding,
  Manifest,
  ManifestParameter,
  ManifestProblem,
  ManifestSubmodule,
  ManifestWorkflow,
} from "./types";
export { ManifestError, manifestDefaults, parseManifest, RESERVED_WORKFLOWS } from "./parse";
