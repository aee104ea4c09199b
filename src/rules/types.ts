// Shapes of the binding-rules API (docs/dev/TEAM-CONTRACTS.md, "Rules API").

/** One rule violation: where (config path), why, and what to write instead. */
export interface Finding {
  /** E.g. ["submodules", "db", "parameters", "input.size"]. */
  path: (string | number)[];
  message: string;
  fix: string;
}

export interface SubmoduleConfig {
  revisionId?: string;
  manifestVersion?: number;
  parameters?: Record<string, unknown>;
}

/** The part of a launch or reconfigure request the rules judge (client wire names). */
export interface InstanceConfig {
  parameters?: Record<string, unknown>;
  manifestVersion?: number;
  submodules?: Record<string, SubmoduleConfig>;
}

/**
 * The names findings give the configuration's fields, in paths and messages: the constructs' camelCase
 * names by default, the terraform schema's when the provider asks (SCHEMA_NAMES). Paths alternate field
 * names and map keys (["submodules", "db", "parameters", "input.size"]).
 */
export interface FieldNames {
  manifestVersion: string;
  /** The map of secret parameters (the instance's and each submodule's). */
  secretParameters: string;
}

export interface CheckOptions {
  /** Default: the constructs' names (CONSTRUCT_NAMES). */
  names?: FieldNames;
  /** Named in messages; the rules are the same for both. */
  operation?: "launch" | "reconfigure";
  /** Manifest versions the application has; when given, manifestVersion must be one of them. */
  availableVersions?: number[];
  /**
   * Whether a parameter listed in `parameters` was set through the secret map (`submodule` undefined for
   * the instance's own): its findings point at that map and name it. Default: none is.
   */
  isSecret?: (name: string, submodule?: string) => boolean;
}
