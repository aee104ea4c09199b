// The manifest parser (and the YAML library with it) loads on first use, not at start-up: only a
// configuration with a manifest needs it. Kept once: the bundler turns every `require` of an ES module into
// a fresh copy of its exports, made twice per instance in a plan: a cost that grew with the stack
// (ARCHITECTURE.md §8, "Measured costs behind the code").
type ManifestModule = typeof import("../manifest");

let loaded: ManifestModule | undefined;

export const manifestModule = (): ManifestModule => (loaded ??= require("../manifest") as ManifestModule);
