// Shape checks of request bodies that collect every problem, so one 400 answer names all of them.
import { ID_PATTERN } from "../service/limits";

export type Body = Record<string, unknown>;

export class RequestReader {
  readonly errors: string[] = [];

  /** `value` as an object with only `allowed` fields; undefined (and an error) when it is not one. */
  object(value: unknown, where: string, allowed: readonly string[]): Body | undefined {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.errors.push(`${where} must be a JSON object`);
      return undefined;
    }
    for (const key of Object.keys(value))
      if (!allowed.includes(key))
        this.errors.push(
          `${where === "body" ? "" : `${where}.`}${key} is not a known field; ` +
            (allowed.length ? `allowed fields: ${allowed.join(", ")}` : "send an empty object {}"),
        );
    return value as Body;
  }

  optionalId(value: unknown, field: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== "string" || !ID_PATTERN.test(value)) {
      this.errors.push(
        `${field} ${JSON.stringify(value)} is not a valid id; ids are 24 lowercase hex characters`,
      );
      return undefined;
    }
    return value;
  }

  optionalInteger(value: unknown, field: string): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      this.errors.push(`${field} must be a positive integer, got ${JSON.stringify(value)}`);
      return undefined;
    }
    return value;
  }

  /** An object with arbitrary keys (parameters, submodules); what its entries hold is checked elsewhere. */
  optionalRecord<T>(value: unknown, field: string, shape: string): Record<string, T> | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.errors.push(`${field} must be an object ${shape}`);
      return undefined;
    }
    return value as Record<string, T>;
  }
}
