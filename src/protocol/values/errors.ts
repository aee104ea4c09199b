import type { AttributePath } from "../model";

/** A value terraform sent does not match the expected type; becomes an error diagnostic. */
export class ValueError extends Error {
  constructor(
    message: string,
    readonly path: AttributePath = [],
  ) {
    super(message);
  }
}
