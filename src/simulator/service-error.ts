// What every part of the simulated service answers with besides 200 (ServiceError), who is calling (Caller),
// and the one access rule of ids in a path, in the service's order.
import { ID_PATTERN } from "../service/limits";

/** An answer other than 200: the status and the `errors` of the body. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join("; "));
    this.name = "ServiceError";
  }
}

export interface Caller {
  email: string;
  /** The user's id (24 hex characters derived from the email: seed users have no id of their own). */
  id: string;
  organizations: ReadonlySet<string>;
  /** What an object of another organization answers this caller (the seed's `foreignObjects`). */
  foreignStatus: 404 | 403;
}

/**
 * The object an id in a path names, if the caller may see it: a malformed id is 400, an unknown one 404, and
 * one of an organization the caller is not a member of the caller's `foreignStatus`: 404 with the very
 * answer of an unknown id (the real service cannot be told apart either), or 403.
 */
export function accessible<T>(
  caller: Caller,
  kind: string,
  id: string,
  found: T | undefined,
  organization: string | undefined,
): T {
  if (!ID_PATTERN.test(id))
    throw new ServiceError(400, [`${kind} id "${id}" is malformed; ids are 24 lowercase hex characters`]);
  const hidden = found !== undefined && organization !== undefined && !caller.organizations.has(organization);
  if (found === undefined || organization === undefined || (hidden && caller.foreignStatus === 404))
    throw new ServiceError(404, [
      `${kind} ${id} not found: it doesn't exist or user ${caller.email} is not authorized to see it`,
    ]);
  if (hidden)
    throw new ServiceError(403, [
      `${kind} ${id} belongs to an organization user ${caller.email} is not a member of`,
    ]);
  return found;
}
