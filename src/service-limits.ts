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

/** A parameter name: `input.<name>`, as the manifest's interfaces.input pins are named. */
export const PARAMETER_NAME = /^input\.[^\s.#'"[\]]+$/;

/** Largest request body the service reads; bigger bodies get 413. */
/** A manifest workflow's name: one path segment of POST /api/1/instances/{id}/{workflow} (ours). */
export const WORKFLOW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const MAX_BODY_BYTES = 1024 * 1024;

/** Deepest nesting of arrays and objects accepted in a request body; deeper bodies get 400. */
export const MAX_JSON_DEPTH = 32;
