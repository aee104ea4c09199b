// The service's formats and input limits, in one place: the simulator enforces them, and the provider,
// the constructs and `appmgmt review` check the same values before anything is sent
// (docs/dev/TEAM-CONTRACTS.md, "Identifiers" and "Service input limits").

/** Every id of the service (application, environment, revision, instance): 24 lowercase hex characters. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const INSTANCE_NAME_LIMITS = {
  minLength: 1,
  maxLength: 63,
  /** A letter or digit first, then letters, digits, `.`, `_` or `-` (no spaces, slashes or control characters). */
  pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
} as const;

/**
 * A parameter name: `<interface>.<pin>`, a configuration pin of one of the manifest's interfaces
 * (`input.db-size`, `configuration.scm-uri`, `top_parent_in.middle_child_input`). The specification's
 * `input.<name>` is the case of the interface `input`.
 */
export const PARAMETER_NAME = /^[^\s.#'"[\]/]+\.[^\s.#'"[\]]+$/;

/** The name of the parameter a configuration pin declares: the one naming rule everything uses. */
export function parameterName(interfaceName: string, pin: string): string {
  return `${interfaceName}.${pin}`;
}

/** Largest request body the service reads; bigger bodies get 413. */
/** A manifest workflow's name: one path segment of POST /api/1/instances/{id}/{workflow} (ours). */
export const WORKFLOW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const MAX_BODY_BYTES = 1024 * 1024;

/** Deepest nesting of arrays and objects accepted in a request body; deeper bodies get 400. */
export const MAX_JSON_DEPTH = 32;
