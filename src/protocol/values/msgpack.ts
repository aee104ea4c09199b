import { BigNumberValue, UNKNOWN, isUnknown, type CtyType, type Value, type ValueObject } from "../model";
import { setOwn } from "../own";
import { ValueError } from "./errors";
import { numberFromText } from "./number";
import { parseCtyType } from "./types";
import { inferType } from "./infer";
import { Ext, MsgpackReader, RawMap, type Raw } from "./msgpack-reader";
import { GrowingBuffer } from "../growing-buffer";

// terraform's msgpack DynamicValue encoding, read and written against the expected cty type.
//
// Hand-written rather than built on @msgpack/msgpack (a devDependency: the tests use it as an independent
// reference implementation of the format) because decoding is driven by the cty type, which a generic
// decoder does not know: a number too large or precise for a JS number stays exact (BigNumberValue),
// unknown values (extension 0, and refined unknowns, extension 12) become UNKNOWN wherever they stand,
// objects are filled to their type's attributes, and maps keep their keys as own entries. A generic
// decoder would need a second pass over its output to do the same, and would add a module to every
// provider start (ARCHITECTURE.md §8).

// ---------------------------------------------------------------- typed conversion

function describe(raw: Raw): string {
  if (raw === null) return "null";
  if (raw instanceof RawMap) return "a map";
  if (Array.isArray(raw)) return "an array";
  if (Buffer.isBuffer(raw)) return "bytes";
  return typeof raw;
}

function rawString(raw: Raw): string | undefined {
  if (typeof raw === "string") return raw;
  if (Buffer.isBuffer(raw)) return raw.toString("utf8");
  return undefined;
}

/**
 * Where a value stands, as a stack of parts (".name", "[0]") pushed and popped on the way down: the text
 * is built only for an error, not for each of the thousands of values a plan carries.
 */
type PathStack = string[];
const where = (path: PathStack): string => (path.length ? path.join("") : "the top level");

/** `convert` applied under the path part `part`. */
function under<T>(path: PathStack, part: string, convert: () => T): T {
  path.push(part);
  const out = convert();
  path.pop();
  return out;
}

function fromRaw(raw: Raw, type: CtyType, path: PathStack): Value {
  if (raw instanceof Ext) return UNKNOWN;
  if (raw === null) return null;
  const fail = (what: string): never => {
    throw new ValueError(`expected ${what} at ${where(path)}, got ${describe(raw)}`);
  };
  if (type === "string") return rawString(raw) ?? fail("a string");
  if (type === "bool") return typeof raw === "boolean" ? raw : fail("a bool");
  if (type === "number") {
    if (typeof raw === "number") return raw;
    if (typeof raw === "bigint") return numberFromText(raw.toString());
    const text = rawString(raw);
    if (text === undefined) return fail("a number");
    try {
      return numberFromText(text);
    } catch {
      return fail("a number");
    }
  }
  if (type === "dynamic") {
    if (!Array.isArray(raw) || raw.length !== 2) return fail("a [type, value] pair for a dynamic value");
    const typeText = rawString(raw[0] as Raw) ?? fail("type JSON");
    let actual: CtyType;
    try {
      actual = parseCtyType(JSON.parse(typeText as string));
    } catch (e) {
      throw new ValueError(`invalid dynamic value type at ${where(path)}: ${(e as Error).message}`);
    }
    return fromRaw(raw[1] as Raw, actual, path);
  }
  const [kind, arg] = type;
  switch (kind) {
    case "list":
    case "set": {
      if (!Array.isArray(raw)) return fail(`a ${kind}`);
      return (raw as Raw[]).map((item, i) => under(path, `[${i}]`, () => fromRaw(item, arg, path)));
    }
    case "tuple": {
      if (!Array.isArray(raw) || raw.length !== arg.length) return fail(`a tuple of ${arg.length} elements`);
      return (raw as Raw[]).map((item, i) => under(path, `[${i}]`, () => fromRaw(item, arg[i], path)));
    }
    case "map": {
      if (!(raw instanceof RawMap)) return fail("a map");
      const out: ValueObject = {};
      for (const [k, v] of raw.entries) {
        const key = rawString(k) ?? fail("string map keys");
        setOwn(
          out,
          key,
          under(path, `[${JSON.stringify(key)}]`, () => fromRaw(v, arg, path)),
        );
      }
      return out;
    }
    case "object": {
      if (!(raw instanceof RawMap)) return fail("an object");
      // Every attribute of the type, in the type's order; absent ones are null, unknown names are ignored.
      const out: ValueObject = {};
      for (const name of Object.keys(arg)) setOwn(out, name, null);
      for (const [k, v] of raw.entries) {
        const name = rawString(k) ?? fail("string attribute names");
        if (Object.prototype.hasOwnProperty.call(arg, name))
          setOwn(
            out,
            name,
            under(path, `.${name}`, () => fromRaw(v, arg[name], path)),
          );
      }
      return out;
    }
  }
}

/** Decodes a msgpack DynamicValue against the type terraform and the provider agreed on. */
export function decodeMsgpack(data: Uint8Array, type: CtyType): Value {
  const reader = new MsgpackReader(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const raw = reader.read();
  if (!reader.done()) throw new ValueError("msgpack value has trailing bytes");
  return fromRaw(raw, type, []);
}

// ---------------------------------------------------------------- writing

class MsgpackWriter extends GrowingBuffer {
  private byte(b: number): void {
    this.room(1);
    this.buf[this.pos++] = b;
  }

  nil(): void {
    this.byte(0xc0);
  }
  unknown(): void {
    this.room(3);
    this.buf[this.pos++] = 0xd4; // fixext1, type 0, as cty writes it
    this.buf[this.pos++] = 0;
    this.buf[this.pos++] = 0;
  }
  bool(v: boolean): void {
    this.byte(v ? 0xc3 : 0xc2);
  }

  number(n: number): void {
    if (Number.isSafeInteger(n)) {
      if (n >= 0 && n <= 0x7f) return this.byte(n);
      if (n < 0 && n >= -32) return this.byte(n + 0x100);
      this.room(9);
      this.buf[this.pos] = 0xd3;
      this.buf.writeBigInt64BE(BigInt(n), this.pos + 1);
    } else {
      this.room(9);
      this.buf[this.pos] = 0xcb;
      this.buf.writeDoubleBE(n, this.pos + 1);
    }
    this.pos += 9;
  }

  private header(
    len: number,
    fix: number,
    fixMax: number,
    c8: number | undefined,
    c16: number,
    c32: number,
  ): void {
    this.room(5);
    if (len <= fixMax) {
      this.buf[this.pos++] = fix | len;
    } else if (c8 !== undefined && len <= 0xff) {
      this.buf[this.pos++] = c8;
      this.buf[this.pos++] = len;
    } else if (len <= 0xffff) {
      this.buf[this.pos++] = c16;
      this.pos = this.buf.writeUInt16BE(len, this.pos);
    } else {
      this.buf[this.pos++] = c32;
      this.pos = this.buf.writeUInt32BE(len, this.pos);
    }
  }

  string(s: string): void {
    const length = Buffer.byteLength(s, "utf8");
    this.header(length, 0xa0, 31, 0xd9, 0xda, 0xdb);
    this.room(length);
    this.pos += this.buf.write(s, this.pos, length, "utf8");
  }
  bin(data: Buffer): void {
    this.header(data.length, 0xc4, -1, 0xc4, 0xc5, 0xc6);
    this.room(data.length);
    this.pos += data.copy(this.buf, this.pos);
  }
  arrayHeader(n: number): void {
    this.header(n, 0x90, 15, undefined, 0xdc, 0xdd);
  }
  mapHeader(n: number): void {
    this.header(n, 0x80, 15, undefined, 0xde, 0xdf);
  }
}

function isPlainObject(v: Value): v is ValueObject {
  return (
    v !== null &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    !(v instanceof BigNumberValue) &&
    !isUnknown(v)
  );
}

function writeValue(w: MsgpackWriter, v: Value, type: CtyType, path: PathStack): void {
  if (v === undefined || v === null) return w.nil();
  if (isUnknown(v)) return w.unknown();
  const fail = (what: string): never => {
    throw new ValueError(
      `cannot encode ${path.length ? path.join("") : "the value"}: expected ${what}, got ${JSON.stringify(v)}`,
    );
  };
  if (type === "string") {
    if (typeof v === "string") return w.string(v);
    if (typeof v === "number" || typeof v === "boolean" || v instanceof BigNumberValue)
      return w.string(String(v));
    return fail("a string");
  }
  if (type === "bool") return typeof v === "boolean" ? w.bool(v) : fail("a bool");
  if (type === "number") {
    if (typeof v === "number") return w.number(v);
    // Exact decimal text: cty reads numbers from msgpack strings too.
    if (v instanceof BigNumberValue) return w.string(v.text);
    return fail("a number");
  }
  if (type === "dynamic") {
    const actual = inferType(v);
    w.arrayHeader(2);
    w.bin(Buffer.from(JSON.stringify(actual), "utf8"));
    return writeValue(w, v, actual, path);
  }
  const [kind, arg] = type;
  switch (kind) {
    case "list":
    case "set":
      if (!Array.isArray(v)) return fail(`a ${kind}`);
      return writeArray(w, v, () => arg, path);
    case "tuple":
      if (!Array.isArray(v) || v.length !== arg.length) return fail(`a tuple of ${arg.length} elements`);
      return writeArray(w, v, (i) => arg[i], path);
    case "map": {
      if (!isPlainObject(v)) return fail("a map");
      const keys = Object.keys(v).sort();
      w.mapHeader(keys.length);
      for (const key of keys) {
        w.string(key);
        under(path, `[${JSON.stringify(key)}]`, () => writeValue(w, v[key], arg, path));
      }
      return;
    }
    case "object": {
      if (!isPlainObject(v)) return fail("an object");
      // terraform requires every attribute of the type: absent ones are written as null.
      const names = sortedNames(arg);
      w.mapHeader(names.length);
      for (const name of names) {
        w.string(name);
        const value = Object.prototype.hasOwnProperty.call(v, name) ? v[name] : null;
        under(path, `.${name}`, () => writeValue(w, value, arg[name], path));
      }
      return;
    }
  }
}

/** An object type's attribute names, sorted as cty writes them; kept per type (types are built once per schema). */
const sortedNamesOf = new WeakMap<object, string[]>();
function sortedNames(attributes: Record<string, CtyType>): string[] {
  let names = sortedNamesOf.get(attributes);
  if (!names) sortedNamesOf.set(attributes, (names = Object.keys(attributes).sort()));
  return names;
}

/** A list, set or tuple: `typeOf(i)` is the type of element i. */
function writeArray(w: MsgpackWriter, v: Value[], typeOf: (i: number) => CtyType, path: PathStack): void {
  w.arrayHeader(v.length);
  v.forEach((item, i) => under(path, `[${i}]`, () => writeValue(w, item, typeOf(i), path)));
}

/** Encodes a value as a msgpack DynamicValue of the given type. */
export function encodeMsgpack(v: Value, type: CtyType): Buffer {
  const w = new MsgpackWriter();
  writeValue(w, v, type, []);
  return w.finish();
}
