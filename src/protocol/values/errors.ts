import type { AttributePath } from "../../terraform-model";

/** A value terraform sent does not match the expected type; becomes an error diagnostic. */
export class ValueError extends Error {
  constructor(
    message: string,
    readonly path: AttributePath = [],
  ) {
    super(message);
  }
}
