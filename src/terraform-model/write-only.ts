// Terraform's rules for write-only attributes (protocol 6.8, terraform 1.11): their values exist only in
// the configuration terraform sends with validate, plan and apply; every planned or new state the provider
// answers holds null for them ("Provider produced invalid plan" otherwise), and a terraform that does not
// announce `write_only_attributes_allowed` cannot carry them at all.

import { type Diagnostic, errorDiagnostic } from "./diagnostics";
import type { ClientCapabilities } from "./handler";
import type { AttributePath } from "./paths";
import type { NestedBlock, SchemaAttribute, SchemaBlock } from "./schema";
import { isUnknown, type Value, type ValueObject } from "./values";

/** The terraform version that first carries write-only values (protocol 6.8). */
export const WRITE_ONLY_TERRAFORM_VERSION = "1.11";

const isObject = (v: Value): v is ValueObject =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !isUnknown(v);

/** Every element of a nested attribute's or block's value, each with the path step that reaches it. */
function elements(value: Value, nesting: string): [AttributePath, Value][] {
  if (nesting === "single" || nesting === "group") return [[[], value]];
  if (Array.isArray(value)) return value.map((v, index) => [[{ index }], v]);
  if (nesting === "map" && isObject(value)) return Object.entries(value).map(([key, v]) => [[{ key }], v]);
  return [];
}

type BlockLike = { attributes: SchemaAttribute[]; blockTypes?: SchemaBlock["blockTypes"] };

/**
 * The parts of a block that hold a write-only attribute at some depth (none: undefined), found once per block:
 * every value the provider answers passes through mapWriteOnly, and the instance's block has two such parts
 * among over twenty attributes, and a plan with refresh of 1,000 walks it several thousand times (ARCHITECTURE.md
 * §8, Measured costs behind the code).
 */
interface WriteOnlyParts {
  attributes: SchemaAttribute[];
  blockTypes: NestedBlock[];
}
const partsByBlock = new WeakMap<BlockLike, WriteOnlyParts | null>();
function writeOnlyParts(block: BlockLike): WriteOnlyParts | undefined {
  let parts = partsByBlock.get(block);
  if (parts === undefined) {
    const attributes = block.attributes.filter(
      (a) => a.writeOnly || (a.nestedType !== undefined && hasWriteOnly(a.nestedType)),
    );
    const blockTypes = (block.blockTypes ?? []).filter((nb) => hasWriteOnly(nb.block));
    parts = attributes.length + blockTypes.length > 0 ? { attributes, blockTypes } : null;
    partsByBlock.set(block, parts);
  }
  return parts ?? undefined;
}

/**
 * Visits every write-only attribute set in `value`, by path, and returns `value` with them null. It walks only
 * the parts of the schema that declare one, and copies only what changes: a value without write-only values
 * comes back as it is (`bench/provider-calls.js` against 5d695c7: 1.048x CPU per call with a copying walk of
 * every answer, 1.024x with this one).
 */
function mapWriteOnly(
  value: Value,
  block: BlockLike,
  visit: (path: AttributePath, value: Value) => void,
  at: AttributePath = [],
): Value {
  const parts = isObject(value) ? writeOnlyParts(block) : undefined;
  if (!parts) return value;
  const object = value as ValueObject;
  let out: ValueObject | undefined;
  const set = (name: string, v: Value) => {
    if (v !== object[name]) (out ??= { ...object })[name] = v;
  };
  for (const a of parts.attributes) {
    const v = object[a.name];
    if (v === undefined || v === null) continue;
    const path: AttributePath = [...at, { attr: a.name }];
    if (a.writeOnly) {
      visit(path, v);
      set(a.name, null);
    } else {
      const nested = a.nestedType!;
      set(
        a.name,
        rebuild(v, nested.nesting, (element, step) =>
          mapWriteOnly(element, nested, visit, [...path, ...step]),
        ),
      );
    }
  }
  for (const nb of parts.blockTypes) {
    const v = object[nb.typeName];
    if (v === undefined || v === null) continue;
    set(
      nb.typeName,
      rebuild(v, nb.nesting, (element, step) =>
        mapWriteOnly(element, nb.block, visit, [...at, { attr: nb.typeName }, ...step]),
      ),
    );
  }
  return out ?? value;
}

/** A collection (or single object) with each element replaced, keeping its shape; itself if none changed. */
function rebuild(value: Value, nesting: string, each: (v: Value, step: AttributePath) => Value): Value {
  const mapped = elements(value, nesting).map(([step, v]) => [step, v, each(v, step)] as const);
  if (mapped.every(([, before, after]) => before === after)) return value;
  if (nesting === "single" || nesting === "group") return mapped[0][2];
  if (Array.isArray(value)) return mapped.map(([, , v]) => v);
  if (isObject(value))
    return Object.fromEntries(mapped.map(([step, , v]) => [(step[0] as { key: string }).key, v]));
  return value;
}

/** `value` with every write-only attribute null: what a plan or a state may hold. */
export function withoutWriteOnly(value: Value, block: SchemaBlock): Value {
  return mapWriteOnly(value, block, () => undefined);
}

/** The paths of the write-only attributes `value` sets (non-null, known or not). */
export function writeOnlyPathsSet(value: Value, block: SchemaBlock): AttributePath[] {
  const paths: AttributePath[] = [];
  mapWriteOnly(value, block, (p) => paths.push(p));
  return paths;
}

/** Every string inside the write-only values `value` sets: what the provider must never log or echo. */
export function writeOnlyStrings(value: Value, block: SchemaBlock): string[] {
  const out: string[] = [];
  const collect = (v: Value): void => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v !== null && typeof v === "object" && !isUnknown(v)) Object.values(v).forEach(collect);
  };
  mapWriteOnly(value, block, (_path, v) => collect(v));
  return out;
}

/** Whether a block declares any write-only attribute, at any depth. */
export function hasWriteOnly(block: BlockLike): boolean {
  return (
    block.attributes.some((a) => a.writeOnly || (a.nestedType !== undefined && hasWriteOnly(a.nestedType))) ||
    (block.blockTypes ?? []).some((nb) => hasWriteOnly(nb.block))
  );
}

/**
 * The errors for a configuration that sets write-only attributes when terraform does not announce that it
 * can carry them (before 1.11, terraform would store the value in the plan and the state).
 */
export function writeOnlyNotAllowed(
  config: Value,
  block: SchemaBlock,
  capabilities: ClientCapabilities | undefined,
): Diagnostic[] {
  if (capabilities?.writeOnlyAttributesAllowed) return [];
  return writeOnlyPathsSet(config, block).map((path) =>
    errorDiagnostic(
      "Write-only attribute needs a newer terraform",
      `${renderPath(path)} is write-only: its value is never stored in the plan or the state, which needs ` +
        `terraform ${WRITE_ONLY_TERRAFORM_VERSION} or later (or an OpenTofu that announces write-only ` +
        "attributes). This terraform does not announce write-only support: upgrade it, or remove the attribute.",
      path,
    ),
  );
}

/** A path as written in HCL: `secret_parameters`, `submodules["db"].secret_parameters`. */
function renderPath(path: AttributePath): string {
  return path
    .map((s, i) =>
      "attr" in s ? `${i ? "." : ""}${s.attr}` : "key" in s ? `[${JSON.stringify(s.key)}]` : `[${s.index}]`,
    )
    .join("");
}
