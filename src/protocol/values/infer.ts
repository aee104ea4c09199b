import { BigNumberValue, type CtyType, isUnknown, type Value } from "../../terraform-model";

/** The type a value written into a `dynamic` attribute is declared with. */
export function inferType(v: Value): CtyType {
  if (v === null || isUnknown(v)) return "dynamic";
  if (typeof v === "string") return "string";
  if (typeof v === "number" || v instanceof BigNumberValue) return "number";
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return ["tuple", v.map(inferType)];
  const attrs: { [name: string]: CtyType } = {};
  for (const [k, item] of Object.entries(v)) attrs[k] = inferType(item);
  return ["object", attrs];
}
