// Typed view of an application manifest (ARCHITECTURE.md §4).

/**
 * Where a bound submodule parameter gets its value: a pin `bind(<component>#input.<pin>)` of the main
 * manifest (a main parameter) or of the submodule one level up (one of its parameters).
 */
export interface Binding {
  /** Name of the binding pin's parameter, e.g. "input.db-size" (a main parameter unless `from` is set). */
  mainParameter: string;
  /** Path key of the submodule whose pin binds, e.g. "db" for "db/replica"; absent: the main manifest. */
  from?: string;
  /** Path key of the bound submodule: "db", or "db/replica" for a submodule of submodule db. */
  submodule: string;
  /** Submodule parameter name, e.g. "input.size". */
  submoduleParameter: string;
}

export interface ManifestParameter {
  /** Full name, "input.<pin>". */
  name: string;
  /** Default from application.configuration, undefined when the manifest gives none. */
  default?: string;
  /** Set when the pin is `bind(<component>#input.<pin>)`. */
  binds?: { submodule: string; parameter: string };
}

export interface ManifestSubmodule {
  /** Its path key: the component's name, after its parents' (`db/replica`) for a nested one. */
  name: string;
  /** Path key of the submodule that declares it under its own `components`; absent at the top level. */
  parent?: string;
  /** The submodule's application (`__locator.application-id`). */
  applicationId?: string;
  /**
   * Submodule parameters by full name "input.<pin>", with the parameter that binds them (`boundBy`, a main
   * parameter, or one of submodule `boundIn`'s parameters for a nested submodule).
   */
  parameters: Record<string, { name: string; boundBy?: string; boundIn?: string }>;
}

/** A workflow the manifest declares (`application.workflows.<name>`), run on a running instance by name. */
export interface ManifestWorkflow {
  name: string;
  /** Its parameters by name (`parameters.<name>: configuration(string)`); unlisted ones are sent empty. */
  parameters: Record<string, { name: string }>;
}

export interface Manifest {
  /** Main parameters by full name. */
  parameters: Record<string, ManifestParameter>;
  /** Every submodule by path key, parents before their children ("db", "db/replica"). */
  submodules: Record<string, ManifestSubmodule>;
  bindings: Binding[];
  /** Declared workflows by name; absent when the manifest has no `workflows:` section. */
  workflows?: Record<string, ManifestWorkflow>;
}

/** A manifest problem, with a 1-based line (and column) where the YAML gives one. */
export interface ManifestProblem {
  message: string;
  line?: number;
  column?: number;
}
