// The manifest parser (and the YAML library with it) loads on first use, not at start-up: only a
// configuration with a manifest needs it. Kept once: the bundler turns every `require` of an ES module into
// a fresh copy of its exports, ~40 µs per call, which a plan of 1,000 instances made 2,000 times.
type ManifestModule = typeof import("../../manifest");

let loaded: ManifestModule | undefined;

export const manifestModule = (): ManifestModule => (loaded ??= require("../../manifest") as ManifestModule);
