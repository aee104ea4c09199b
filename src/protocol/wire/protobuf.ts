import { setOwn } from "../../util/own";
import { GrowingBuffer } from "../growing-buffer";

// A small protobuf (proto3) wire codec driven by descriptor tables (../generated/descriptors.ts, generated
// from ../proto/*.proto at `npm run generate`), so that the provider parses no .proto and loads no protobuf
// library at start-up. Messages are plain objects keyed by field name (camelCase), shaped as the generated
// types in ../generated/ say: decoding fills every absent field with its default, an absent message as null.

/** Scalar kinds used by tfplugin6 and the go-plugin services. */
export type FieldKind = "string" | "bytes" | "bool" | "int64" | "enum" | "message" | "map";

export interface FieldDesc {
  no: number;
  name: string;
  kind: FieldKind;
  /** Message type name (kind "message", or the value type of kind "map" when it is a message). */
  ref?: string;
  /** The value kind of a map whose values are not messages. */
  mapValue?: FieldKind;
  /** An enum's values by name: the generated input types let a caller name a value. */
  values?: Record<string, number>;
  repeated?: boolean;
}

export interface MessageDesc {
  name: string;
  fields: FieldDesc[];
}

/** Message descriptors by full protobuf name (e.g. "tfplugin6.DynamicValue"). */
export type Registry = Map<string, MessageDesc>;

/** The message types of one gRPC method. */
export interface MethodTypes {
  requestType: string;
  responseType: string;
}

export type Message = { [field: string]: unknown };

/** Anything encodeMessage takes: a message object shaped as its descriptor says. */
type MessageInput = object;

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

export class ProtobufError extends Error {}

const byNumberCache = new WeakMap<MessageDesc, Map<number, FieldDesc>>();
function fieldsByNumber(desc: MessageDesc): Map<number, FieldDesc> {
  let m = byNumberCache.get(desc);
  if (!m) {
    m = new Map(desc.fields.map((f) => [f.no, f]));
    byNumberCache.set(desc, m);
  }
  return m;
}

function lookup(registry: Registry, name: string | undefined): MessageDesc {
  const desc = name === undefined ? undefined : registry.get(name);
  if (!desc) throw new ProtobufError(`unknown message type ${String(name)}`);
  return desc;
}

// ---------------------------------------------------------------- encoding

class Writer extends GrowingBuffer {
  varint(value: number): void {
    this.room(10);
    if (value < 0) {
      // Negative int64: two's complement over 64 bits, always 10 bytes.
      let v = BigInt.asUintN(64, BigInt(Math.trunc(value)));
      while (v > 0x7fn) {
        this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
        v >>= 7n;
      }
      this.buf[this.pos++] = Number(v);
      return;
    }
    let v = Math.trunc(value);
    while (v > 0x7f) {
      this.buf[this.pos++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.pos++] = v;
  }

  tag(no: number, wire: number): void {
    this.varint(no * 8 + wire);
  }

  bytes(data: Uint8Array): void {
    this.varint(data.length);
    this.room(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }
}

function encodeScalar(w: Writer, f: FieldDesc, value: unknown, registry: Registry): void {
  switch (f.kind) {
    case "string":
      w.tag(f.no, WIRE_LEN);
      w.bytes(Buffer.from(String(value), "utf8"));
      return;
    case "bytes":
      w.tag(f.no, WIRE_LEN);
      // A string is base64, as protobufjs (and the generated input types) take it.
      w.bytes(typeof value === "string" ? Buffer.from(value, "base64") : (value as Uint8Array));
      return;
    case "bool":
      w.tag(f.no, WIRE_VARINT);
      w.varint(value ? 1 : 0);
      return;
    case "int64":
      w.tag(f.no, WIRE_VARINT);
      // A number, or a decimal string (or a Long, by its toString) as the generated input types allow.
      w.varint(typeof value === "number" ? value : Number(String(value)));
      return;
    case "enum":
      w.tag(f.no, WIRE_VARINT);
      w.varint(enumNumber(f, value));
      return;
    case "message":
      w.tag(f.no, WIRE_LEN);
      w.bytes(encodeMessage(registry, f.ref!, value as MessageInput));
      return;
    case "map":
      throw new ProtobufError(`map field ${f.name} cannot be a scalar`);
  }
}

function enumNumber(f: FieldDesc, value: unknown): number {
  if (typeof value === "number") return value;
  const n = f.values?.[String(value)];
  if (n === undefined)
    throw new ProtobufError(`field ${f.name}: ${String(value)} is not a value of its enum`);
  return n;
}

/** The entry message of a map field: { key = 1; value = 2 }. */
const mapKeyField: FieldDesc = { no: 1, name: "key", kind: "string" };
const mapValueFields = new WeakMap<FieldDesc, FieldDesc>();
function mapValueField(f: FieldDesc): FieldDesc {
  let v = mapValueFields.get(f);
  if (!v) {
    v = { no: 2, name: "value", kind: f.mapValue ?? "message", ref: f.ref };
    mapValueFields.set(f, v);
  }
  return v;
}

/** proto3 does not write fields holding their default value. */
function isDefault(f: FieldDesc, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (f.kind) {
    case "string":
      return value === "";
    case "bytes":
      return (value as Uint8Array).length === 0;
    case "bool":
      return value === false;
    case "int64":
      return value === 0 || value === "0";
    case "enum":
      return value === 0 || f.values?.[String(value)] === 0;
    default:
      return false;
  }
}

export function encodeMessage(registry: Registry, type: string, input: MessageInput): Buffer {
  const desc = lookup(registry, type);
  const msg = input as Message;
  const w = new Writer();
  for (const f of desc.fields) {
    const value = msg[f.name];
    if (value === undefined || value === null) continue;
    if (f.kind === "map") {
      const valueField = mapValueField(f);
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const entry = new Writer();
        encodeScalar(entry, mapKeyField, k, registry);
        encodeScalar(entry, valueField, v, registry);
        w.tag(f.no, WIRE_LEN);
        w.bytes(entry.finish());
      }
    } else if (f.repeated) {
      for (const item of value as unknown[]) encodeScalar(w, f, item, registry);
    } else if (!isDefault(f, value)) {
      encodeScalar(w, f, value, registry);
    }
  }
  return w.finish();
}

// ---------------------------------------------------------------- decoding

class Reader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  varint(): number {
    const start = this.pos;
    let result = 0;
    for (let i = 0; i < 7; i++) {
      if (this.pos >= this.end) throw new ProtobufError("truncated varint");
      const b = this.buf[this.pos++];
      result += (b & 0x7f) * 2 ** (7 * i);
      if (b < 0x80) return result;
    }
    // Beyond 49 bits (large or negative int64) exact arithmetic needs BigInt.
    this.pos = start;
    let big = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtobufError("truncated varint");
      const b = this.buf[this.pos++];
      big |= BigInt(b & 0x7f) << BigInt(7 * i);
      if (b < 0x80) return Number(BigInt.asIntN(64, big));
    }
    throw new ProtobufError("varint longer than 10 bytes");
  }

  slice(): Uint8Array {
    const len = this.varint();
    if (len < 0 || this.pos + len > this.end)
      throw new ProtobufError("length-delimited field overruns message");
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  skip(wire: number): void {
    switch (wire) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_I64:
        this.pos += 8;
        break;
      case WIRE_LEN:
        this.slice();
        return;
      case WIRE_I32:
        this.pos += 4;
        break;
      default:
        throw new ProtobufError(`unsupported wire type ${wire}`);
    }
    if (this.pos > this.end) throw new ProtobufError("fixed-width field overruns message");
  }
}

function defaultFor(f: FieldDesc): unknown {
  if (f.kind === "map") return {};
  if (f.repeated) return [];
  return scalarDefault(f);
}

function scalarDefault(f: FieldDesc): unknown {
  switch (f.kind) {
    case "string":
      return "";
    case "bytes":
      return Buffer.alloc(0);
    case "bool":
      return false;
    case "int64":
    case "enum":
      return 0;
    default:
      return null;
  }
}

function expectWire(f: FieldDesc, wire: number, expected: number): void {
  if (wire !== expected)
    throw new ProtobufError(`field ${f.name} has wire type ${wire}, expected ${expected}`);
}

function decodeScalar(r: Reader, f: FieldDesc, wire: number, registry: Registry): unknown {
  switch (f.kind) {
    case "string":
      expectWire(f, wire, WIRE_LEN);
      return Buffer.from(r.slice()).toString("utf8");
    case "bytes":
      expectWire(f, wire, WIRE_LEN);
      return Buffer.from(r.slice());
    case "bool":
      expectWire(f, wire, WIRE_VARINT);
      return r.varint() !== 0;
    case "int64":
    case "enum":
      expectWire(f, wire, WIRE_VARINT);
      return r.varint();
    case "message":
      expectWire(f, wire, WIRE_LEN);
      return decodeMessage(registry, f.ref!, r.slice());
    case "map":
      throw new ProtobufError(`map field ${f.name} cannot be a scalar`);
  }
}

export function decodeMessage(registry: Registry, type: string, data: Uint8Array): Message {
  const desc = lookup(registry, type);
  const byNo = fieldsByNumber(desc);
  const msg: Message = {};
  for (const f of desc.fields) msg[f.name] = defaultFor(f);
  const r = new Reader(data);
  while (r.pos < r.end) {
    const tag = r.varint();
    const no = Math.floor(tag / 8);
    const wire = tag % 8;
    const f = byNo.get(no);
    if (!f) {
      // Fields from newer protocol versions are skipped, as protobuf requires.
      r.skip(wire);
      continue;
    }
    if (f.kind === "map") {
      expectWire(f, wire, WIRE_LEN);
      const entry = r.slice();
      const er = new Reader(entry);
      const valueField = mapValueField(f);
      let key = "";
      let value: unknown = undefined;
      while (er.pos < er.end) {
        const etag = er.varint();
        const eno = Math.floor(etag / 8);
        if (eno === 1) key = decodeScalar(er, mapKeyField, etag % 8, registry) as string;
        else if (eno === 2) value = decodeScalar(er, valueField, etag % 8, registry);
        else er.skip(etag % 8);
      }
      // An entry without its value holds the value's default (an empty message for a message).
      value ??= f.ref ? decodeMessage(registry, f.ref, new Uint8Array(0)) : scalarDefault(valueField);
      setOwn(msg[f.name] as Record<string, unknown>, key, value);
    } else if (f.repeated) {
      (msg[f.name] as unknown[]).push(decodeScalar(r, f, wire, registry));
    } else {
      msg[f.name] = decodeScalar(r, f, wire, registry);
    }
  }
  return msg;
}
