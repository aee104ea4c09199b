// What a submodule's `__locator.application-id` names: an application's id, or (as the service's published
// manifests write it) an application's name, resolved in the organization the manifest is uploaded to when
// exactly one of its applications has that name (docs/service-api.md, "Applications and manifests"). The
// simulator resolves references at upload, the provider's plan and apply check the same before uploading.
import { ID_PATTERN } from "../service/limits";

export interface NamedApplication {
  id: string;
  name: string;
}

/** The application id a reference resolves to, or why it resolves to none (with the fix). */
export type LocatorResolution =
  | { id: string; byName: boolean }
  /** `unnamed`: a name no application has (yet: one created by the same apply may take it). */
  | { problem: string; unnamed?: boolean };

/** How many candidates a refusal lists. */
const MAX_CANDIDATES = 20;

/** `reference` among the `applications` of `organization`. */
export function resolveLocator(
  reference: string | undefined,
  applications: readonly NamedApplication[],
  organization: string,
): LocatorResolution {
  const where = `organization ${organization}`;
  if (reference === undefined || reference.trim() === "")
    return {
      problem:
        "__locator.application-id is missing; set it to the id, or the name, of one of the applications of " +
        where,
    };
  const quoted = JSON.stringify(reference);
  if (ID_PATTERN.test(reference))
    return applications.some((a) => a.id === reference)
      ? { id: reference, byName: false }
      : {
          problem:
            `__locator.application-id ${quoted} is not an application of ${where}; ` +
            "use the id of one of its applications",
        };
  const named = applications.filter((a) => a.name === reference);
  if (named.length === 1) return { id: named[0].id, byName: true };
  if (named.length > 1)
    return {
      problem:
        `__locator.application-id ${quoted} names ${named.length} applications of ${where} ` +
        `(${named.map((a) => a.id).join(", ")}); write the id of the one meant`,
    };
  const candidates = applications.slice(0, MAX_CANDIDATES).map((a) => `${JSON.stringify(a.name)} (${a.id})`);
  return {
    unnamed: true,
    problem:
      `__locator.application-id ${quoted} names no application of ${where}; ` +
      (candidates.length > 0
        ? `use the name or id of one of: ${candidates.join(", ")}${applications.length > MAX_CANDIDATES ? ", ..." : ""}`
        : "it has no applications: create the referenced application first"),
  };
}
