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
  /** Submodule parameter name `<interface>.<pin>`, e.g. "input.size". */
  submoduleParameter: string;
}

export interface ManifestParameter {
  /** Full name, `<interface>.<pin>` ("input.db-size", "configuration.scm-uri"). */
  name: string;
  /** Default from application.configuration as the string sent, undefined when the manifest gives none. */
  default?: string;
  /** How a default that was no string (a number, a list, ...) became `default`. */
  defaultEncoding?: ValueEncoding;
  /** The pin's declared type (`int` for `configuration(int)`, or the bound pin's), when known. */
  type?: string;
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
   * Submodule parameters by full name `<interface>.<pin>`, with the parameter that binds them (`boundBy`, a main
   * parameter, or one of submodule `boundIn`'s parameters for a nested submodule), and the default the component's
   * `configuration` restates for a free one (`input.engine: postgres-15`: the submodule application's own, as
   * `withSubmoduleManifests` writes it).
   */
  parameters: Record<string, { name: string; boundBy?: string; boundIn?: string; default?: string }>;
  /** Set when its children were taken from its application's own manifest (withSubmoduleHierarchies). */
  resolved?: boolean;
}

/**
 * A workflow a running instance runs by name: a command of the application's interfaces (`<interface>.<command>`
 * bound to a component's `receive-command`), or one of the `application.workflows` shorthand.
 */
export interface ManifestWorkflow {
  name: string;
  /** Its parameters by name (a command's arguments, or `parameters.<name>: configuration(string)`). */
  parameters: Record<string, { name: string }>;
  /** For a command: the `receive-command` pin it is bound to. */
  command?: PinTarget;
}

export type ValueEncoding = "number" | "boolean" | "list" | "map" | "date";

/** Where a `bind(...)` points: `<component path>#<interface>.<pin>`. */
export interface PinTarget {
  /** Component path, dotted for a component inside another (`web.workflow`). */
  component: string;
  interface: string;
  pin: string;
}

/** A pin as written: its kind (`configuration`, `publish-signal`, `bind`, ... or another, kept as is). */
export interface Pin {
  kind: string;
  /** The text as written, e.g. `configuration(list<string>)`. */
  text: string;
  /** The type in the parentheses of a configuration or signal pin (`string`, `list<string>`). */
  type?: string;
  /** A command's arguments by name, with their types. */
  arguments?: Record<string, string>;
  /** A bind's targets. */
  targets?: PinTarget[];
}

/** A component of any type, by its path, with what the service needs of it kept as written. */
export interface ManifestComponent {
  /** Dotted path from the top (`workflow`, `web.workflow`); a submodule's restated children use `/`. */
  path: string;
  /** As written (`workflow.Instance`, `reference.Service`, `reference.Submodule`, ...); absent if not given. */
  type?: string;
  /** Its pins by `<interface>.<pin>`. */
  pins: Record<string, Pin>;
  /** Its `configuration`, as plain data (workflows, triggers, locators: the service's business). */
  configuration: Record<string, unknown>;
}

export interface Manifest {
  /** Main parameters by full name. */
  parameters: Record<string, ManifestParameter>;
  /** Every submodule by path key, parents before their children ("db", "db/replica"). */
  submodules: Record<string, ManifestSubmodule>;
  bindings: Binding[];
  /**
   * The workflows a running instance runs by name: its interfaces' commands and the `application.workflows`
   * shorthand; absent when the manifest declares neither.
   */
  workflows?: Record<string, ManifestWorkflow>;
  /** Every component of any type by path, parents before their children. */
  components: Record<string, ManifestComponent>;
  /** The application's own pins by `<interface>.<pin>` (inputs, outputs, commands). */
  pins: Record<string, Pin>;
  /** `bindings` between components: pairs of component paths (an end's `#<interface>` left out). */
  componentBindings: [string, string][];
  /** YAML a 1.1 reader (the service's clients) accepts and a 1.2 one does not, by line; absent when none. */
  leniencies?: ManifestProblem[];
}

/** A manifest problem, with a 1-based line (and column) where the YAML gives one. */
export interface ManifestProblem {
  message: string;
  line?: number;
  column?: number;
}

/**
 * Workflows the service runs through calls of their own (launch, PUT .../configuration, destroy). Here, beside
 * the types, so that the rules can name them without loading the parser and its YAML library.
 */
export const RESERVED_WORKFLOWS = ["launch", "reconfigure", "destroy"] as const;
