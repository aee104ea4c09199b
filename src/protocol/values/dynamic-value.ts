import { type CtyType, type SchemaBlock, type Value, withoutWriteOnly } from "../../terraform-model";
import type { DynamicValue__Decoded, DynamicValue__Wire } from "../generated/tfplugin6/DynamicValue";
import { fillBlockDefaults } from "./blocks";
import { ValueError } from "./errors";
import { decodeJson } from "./json";
import { decodeMsgpack, encodeMsgpack } from "./msgpack";

// The DynamicValue codec: a tfplugin6 DynamicValue (msgpack, or JSON from older terraform) to a Value of
// the schema's type and back (always msgpack).

/** A schema block and the value type it implies. */
export interface BlockType {
  block: SchemaBlock;
  type: CtyType;
}

/** Runs a decode, naming the request field (its tfplugin6 name) in a value error. */
export function decodingField<T>(field: string, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    if (e instanceof ValueError) throw new ValueError(`${field}: ${e.message}`);
    throw e;
  }
}

/** Reads a DynamicValue field; an absent value is null (e.g. prior state on create). */
export function decodeDynamic(dv: DynamicValue__Decoded | null, { type }: BlockType, field: string): Value {
  return decodingField(field, () => {
    if (dv?.msgpack.length) return decodeMsgpack(dv.msgpack, type);
    if (dv?.json.length) return decodeJson(dv.json.toString("utf8"), type);
    return null;
  });
}

/**
 * Every value the provider answers (plans, states, data sources, ephemeral results) holds null for
 * write-only attributes, as terraform requires: a value leaked there would be stored in the plan or state.
 */
export function encodeDynamic(value: Value, { block, type }: BlockType): DynamicValue__Wire {
  return { msgpack: encodeMsgpack(fillBlockDefaults(withoutWriteOnly(value, block), block), type) };
}
