// The one "not known yet" marker (issue 40): terraform's "known after apply" at plan time, as the protocol
// decodes it and the review reads it from after_unknown, and a cdktf token at synth. A leaf module, so that the
// terraform model, the rules, the review and the constructs hold the same value.

/** A value not known yet (msgpack extension 0 or 12, an after_unknown flag, an unresolved token). */
export class UnknownValue {
  /**
   * Makes the class nominal, so type guards on it do not also exclude plain objects; declared only, so the
   * marker has no keys (a map that is unknown lists none).
   */
  declare private readonly unknownBrand: true;
  toString(): string {
    return "(known after apply)";
  }
}
export const UNKNOWN = new UnknownValue();
export const isUnknown = (v: unknown): v is UnknownValue => v instanceof UnknownValue;

/** A value, or the marker while it is not known yet. */
export type Unsure<T> = T | UnknownValue;
