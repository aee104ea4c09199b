export type * from "./types";
export { ManifestError, manifestDefaults, parseManifest, RESERVED_WORKFLOWS } from "./parse";
export { tryParseManifest, type ManifestParse } from "./attempt";
export { withSubmoduleHierarchies } from "./hierarchy";
export { withRestatedDefaults } from "./restate-defaults";
export { describeEncoding, encodeValue } from "./typed-values";
