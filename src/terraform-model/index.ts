// The model a terraform provider is written against, with no wire in it (ARCHITECTURE.md §1): values and
// the unknown marker, schemas, attribute paths, diagnostics, the handler interface and the log. The
// protocol layer (src/protocol) encodes it for terraform; the provider (src/provider) implements it.
export * from "./values";
export * from "./schema";
export * from "./paths";
export * from "./diagnostics";
export * from "./handler";
export * from "./log";
export * from "./write-only";
