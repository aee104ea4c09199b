import {
  BigNumberValue,
  type CtyType,
  isUnknown,
  UNKNOWN,
  type Value,
  type ValueObject,
} from "../../terraform-model";
import { setOwn } from "../../util/own";
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
 * Where a value stands, as a stack of parts pushed and popped on the way down: an attribute name, a list index
 * or a map key. The text (".name", "[0]", "[\"key\"]") is built only for an error, and no closure is made per
 * value: a plan of 1,000 instances decodes and encodes ~8,000 values of ~40 parts each.
 */
type PathPart = string | number | MapKey;
class MapKey {
  constructor(readonly key: string) {}
}
type PathStack = PathPart[];

function partText(part: PathPart): string {
  if (typeof part === "number") return `[${part}]`;
  if (part instanceof MapKey) return `[${JSON.stringify(part.key)}]`;
  return `.${part}`;
}
const where = (path: PathStack): string => (path.length ? path.map(partText).join("") : "the top level");

function mismatch(what: string, raw: Raw, path: PathStack): never {
  throw new ValueError(`expected ${what} at ${where(path)}, got ${describe(raw)}`);
}

/** What a value of `type` must be, for a mismatch message. */
function expected(type: CtyType): string {
  if (type === "dynamic") return "a [type, value] pair for a dynamic value";
  if (typeof type === "string") return `a ${type}`;
  const [kind, arg] = type;
  if (kind === "tuple") return `a tuple of ${arg.length} elements`;
  return kind === "object" ? "an object" : `a ${kind}`;
}

/** A value the generic reader read where a `type` stands: a scalar, null, an unknown, or a mismatch. */
function fromRaw(raw: Raw, type: CtyType, path: PathStack): Value {
  if (raw instanceof Ext) return UNKNOWN;
  if (raw === null) return null;
  if (type === "string") return rawString(raw) ?? mismatch("a string", raw, path);
  if (type === "bool") return typeof raw === "boolean" ? raw : mismatch("a bool", raw, path);
  if (type === "number") {
    if (typeof raw === "number") return raw;
    if (typeof raw === "bigint") return numberFromText(raw.toString());
    const text = rawString(raw);
    if (text === undefined) return mismatch("a number", raw, path);
    try {
      return numberFromText(text);
    } catch {
      return mismatch("a number", raw, path);
    }
  }
  return mismatch(expected(type), raw, path);
}

/**
 * A value read straight from the bytes against its type: collections are built as they are read, with no
 * generic tree in between (half of a decode's time and most of its garbage went to that tree). A dynamic
 * value's type comes first, as JSON, then its value is read against that.
 */
function readTyped(r: MsgpackReader, type: CtyType, path: PathStack): Value {
  if (type === "dynamic") {
    const n = r.arrayLength();
    if (n === undefined) return fromRaw(r.read(path.length), type, path);
    if (n !== 2) return mismatch(expected(type), [], path);
    const typeText = rawString(r.read(path.length + 1)) ?? mismatch("type JSON", [], path);
    let actual: CtyType;
    try {
      actual = parseCtyType(JSON.parse(typeText));
    } catch (e) {
      throw new ValueError(`invalid dynamic value type at ${where(path)}: ${(e as Error).message}`);
    }
    return readTyped(r, actual, path);
  }
  if (typeof type === "string") return fromRaw(r.read(path.length), type, path);
  const [kind, arg] = type;
  if (kind === "list" || kind === "set" || kind === "tuple") {
    const n = r.arrayLength();
    if (n === undefined) return fromRaw(r.read(path.length), type, path); // null, unknown or a mismatch
    if (kind === "tuple" && n !== arg.length) return mismatch(expected(type), [], path);
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++) {
      path.push(i);
      out[i] = readTyped(r, kind === "tuple" ? arg[i] : arg, path);
      path.pop();
    }
    return out;
  }
  const n = r.mapLength();
  if (n === undefined) return fromRaw(r.read(path.length), type, path);
  const out: ValueObject = {};
  if (kind === "object") for (const name of Object.keys(arg)) setOwn(out, name, null);
  for (let i = 0; i < n; i++) {
    const key = rawString(r.read(path.length + 1));
    if (key === undefined) {
      const what = kind === "map" ? "string map keys" : "string attribute names";
      throw new ValueError(`expected ${what} at ${where(path)}, got a map`);
    }
    if (kind === "map") {
      path.push(new MapKey(key));
      setOwn(out, key, readTyped(r, arg, path));
    } else if (Object.prototype.hasOwnProperty.call(arg, key)) {
      path.push(key);
      setOwn(out, key, readTyped(r, arg[key], path));
    } else {
      r.read(path.length + 1); // an attribute the type does not have: skipped
      continue;
    }
    path.pop();
  }
  return out;
}

/** Decodes a msgpack DynamicValue against the type terraform and the provider agreed on. */
export function decodeMsgpack(data: Uint8Array, type: CtyType): Value {
  const reader = new MsgpackReader(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const value = readTyped(reader, type, []);
  if (!reader.done()) throw new ValueError("msgpack value has trailing bytes");
  return value;
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
    // Short ASCII (attribute names, ids, most values) byte by byte: the call into node's UTF-8 writer and
    // its checks cost more than the copy. Anything else, or a non-ASCII character met on the way, goes there.
    if (s.length <= 31) {
      this.room(1 + s.length);
      const buf = this.buf;
      let p = this.pos + 1;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) {
          p = -1;
          break;
        }
        buf[p++] = c;
      }
      if (p !== -1) {
        buf[this.pos] = 0xa0 | s.length;
        this.pos = p;
        return;
      }
    }
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

function cannotEncode(what: string, v: Value, path: PathStack): never {
  const at = path.length ? path.map(partText).join("") : "the value";
  throw new ValueError(`cannot encode ${at}: expected ${what}, got ${JSON.stringify(v)}`);
}

function writeValue(w: MsgpackWriter, v: Value, type: CtyType, path: PathStack): void {
  if (v === undefined || v === null) return w.nil();
  if (isUnknown(v)) return w.unknown();
  if (type === "string") {
    if (typeof v === "string") return w.string(v);
    if (typeof v === "number" || typeof v === "boolean" || v instanceof BigNumberValue)
      return w.string(String(v));
    return cannotEncode("a string", v, path);
  }
  if (type === "bool") return typeof v === "boolean" ? w.bool(v) : cannotEncode("a bool", v, path);
  if (type === "number") {
    if (typeof v === "number") return w.number(v);
    // Exact decimal text: cty reads numbers from msgpack strings too.
    if (v instanceof BigNumberValue) return w.string(v.text);
    return cannotEncode("a number", v, path);
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
    case "tuple":
      if (!Array.isArray(v)) return cannotEncode(`a ${kind}`, v, path);
      if (kind === "tuple" && v.length !== arg.length)
        return cannotEncode(`a tuple of ${arg.length} elements`, v, path);
      w.arrayHeader(v.length);
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        writeValue(w, v[i], kind === "tuple" ? arg[i] : arg, path);
        path.pop();
      }
      return;
    case "map": {
      if (!isPlainObject(v)) return cannotEncode("a map", v, path);
      const keys = Object.keys(v).sort();
      w.mapHeader(keys.length);
      for (const key of keys) {
        w.string(key);
        path.push(new MapKey(key));
        writeValue(w, v[key], arg, path);
        path.pop();
      }
      return;
    }
    case "object": {
      if (!isPlainObject(v)) return cannotEncode("an object", v, path);
      // terraform requires every attribute of the type: absent ones are written as null.
      const names = sortedNames(arg);
      w.mapHeader(names.length);
      for (const name of names) {
        w.string(name);
        path.push(name);
        writeValue(w, Object.prototype.hasOwnProperty.call(v, name) ? v[name] : null, arg[name], path);
        path.pop();
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

/** Encodes a value as a msgpack DynamicValue of the given type. */
export function encodeMsgpack(v: Value, type: CtyType): Buffer {
  const w = new MsgpackWriter();
  writeValue(w, v, type, []);
  return w.finish();
}
