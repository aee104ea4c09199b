// Typed view of an application manifest (ARCHITECTURE.md §4).

/** Where a bound submodule parameter gets its value: main parameter `input.<pin>`. */
export interface Binding {
  /** Main parameter name, e.g. "input.db-size". */
  mainParameter: string;
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
  name: string;
  /** The submodule's application (`__locator.application-id`). */
  applicationId?: string;
  /** Submodule parameters by full name "input.<pin>", with whether the main manifest binds them. */
  parameters: Record<string, { name: string; boundBy?: string }>;
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
