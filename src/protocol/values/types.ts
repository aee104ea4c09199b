import type { CtyType, SchemaAttribute, SchemaBlock } from "../../terraform-model";
import { ValueError } from "./errors";

/** The cty type of the object a schema block describes, as terraform derives it. */
export function impliedType(block: SchemaBlock): CtyType {
  const attrs: { [name: string]: CtyType } = {};
  for (const a of block.attributes) attrs[a.name] = attributeType(a);
  for (const b of block.blockTypes ?? []) {
    const inner = impliedType(b.block);
    switch (b.nesting) {
      case "single":
      case "group":
        attrs[b.typeName] = inner;
        break;
      default:
        attrs[b.typeName] = [b.nesting, inner];
    }
  }
  return ["object", attrs];
}

export function attributeType(a: SchemaAttribute): CtyType {
  if (a.type !== undefined) return a.type;
  if (!a.nestedType)
    throw new ValueError(`schema attribute "${a.name}" has neither a type nor a nested type`);
  const obj = impliedType({ attributes: a.nestedType.attributes });
  return a.nestedType.nesting === "single" ? obj : [a.nestedType.nesting, obj];
}

/** Checks that a parsed JSON value is a cty type (as found in a dynamic value's type). */
export function parseCtyType(json: unknown): CtyType {
  if (json === "string" || json === "number" || json === "bool" || json === "dynamic") return json;
  if (Array.isArray(json) && json.length === 2) {
    const [kind, arg] = json as [unknown, unknown];
    if (kind === "list" || kind === "set" || kind === "map") return [kind, parseCtyType(arg)];
    if (kind === "object" && arg !== null && typeof arg === "object" && !Array.isArray(arg)) {
      const attrs: { [name: string]: CtyType } = {};
      for (const [k, v] of Object.entries(arg)) attrs[k] = parseCtyType(v);
      return ["object", attrs];
    }
    if (kind === "tuple" && Array.isArray(arg)) return ["tuple", arg.map(parseCtyType)];
  }
  throw new ValueError(`not a terraform type: ${JSON.stringify(json)}`);
}
