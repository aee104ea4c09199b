import { isUnknown, type SchemaBlock, type Value, type ValueObject } from "../../terraform-model";

/**
 * terraform represents absent list, set and map blocks as empty collections, never null; a handler
 * that leaves them out (or null) would otherwise produce an invalid object.
 */
export function fillBlockDefaults(value: Value, block: SchemaBlock): Value {
  if (value === null || isUnknown(value) || typeof value !== "object" || Array.isArray(value)) return value;
  const blockTypes = block.blockTypes ?? [];
  if (!blockTypes.length) return value;
  const out: ValueObject = { ...(value as ValueObject) };
  for (const nb of blockTypes) {
    const v = out[nb.typeName];
    if (v === undefined || v === null) {
      if (nb.nesting === "list" || nb.nesting === "set") out[nb.typeName] = [];
      else if (nb.nesting === "map") out[nb.typeName] = {};
      else out[nb.typeName] = null;
    } else if (Array.isArray(v)) {
      out[nb.typeName] = v.map((item) => fillBlockDefaults(item, nb.block));
    } else if (nb.nesting === "map" && typeof v === "object" && !isUnknown(v)) {
      const m: ValueObject = {};
      for (const [k, item] of Object.entries(v as ValueObject)) m[k] = fillBlockDefaults(item, nb.block);
      out[nb.typeName] = m;
    } else {
      out[nb.typeName] = fillBlockDefaults(v, nb.block);
    }
  }
  return out;
}
