import { setOwn } from "../../own";
import { GrowingBuffer } from "../growing-buffer";

// A small protobuf (proto3) wire codec driven by descriptor tables, so that the provider needs no
// .proto parsing or generated code at start-up. Messages are plain objects keyed by field name.

/** Scalar kinds used by tfplugin6 and the go-plugin services. */
export type FieldKind = "string" | "bytes" | "bool" | "int64" | "enum" | "message" | "map";

export interface FieldDesc {
  no: number;
  name: string;
  kind: FieldKind;
  /** Message type name (kind "message", or the value type of kind "map"). */
  ref?: string;
  repeated?: boolean;
}

export interface MessageDesc {
  name: string;
  fields: FieldDesc[];
}

/** Field number → descriptor, built once per message type on first use. */
export type Registry = Map<string, MessageDesc>;

export type Message = { [field: string]: unknown };

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
      w.bytes(value as Uint8Array);
      return;
    case "bool":
      w.tag(f.no, WIRE_VARINT);
      w.varint(value ? 1 : 0);
      return;
    case "int64":
    case "enum":
      w.tag(f.no, WIRE_VARINT);
      w.varint(Number(value));
      return;
    case "message":
      w.tag(f.no, WIRE_LEN);
      w.bytes(encodeMessage(registry, f.ref!, value as Message));
      return;
    case "map":
      throw new ProtobufError(`map field ${f.name} cannot be a scalar`);
  }
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
    case "enum":
      return value === 0;
    default:
      return false;
  }
}

export function encodeMessage(registry: Registry, type: string, msg: Message): Buffer {
  const desc = lookup(registry, type);
  const w = new Writer();
  for (const f of desc.fields) {
    const value = msg[f.name];
    if (value === undefined || value === null) continue;
    if (f.kind === "map") {
      // A map is a repeated entry message { key = 1; value = 2 }.
      const keyField: FieldDesc = { no: 1, name: "key", kind: "string" };
      const valueField: FieldDesc = { no: 2, name: "value", kind: "message", ref: f.ref };
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const entry = new Writer();
        encodeScalar(entry, keyField, k, registry);
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
      return undefined;
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
      let key = "";
      let value: unknown = undefined;
      while (er.pos < er.end) {
        const etag = er.varint();
        const eno = Math.floor(etag / 8);
        if (eno === 1)
          key = decodeScalar(er, { no: 1, name: "key", kind: "string" }, etag % 8, registry) as string;
        else if (eno === 2)
          value = decodeScalar(er, { no: 2, name: "value", kind: "message", ref: f.ref }, etag % 8, registry);
        else er.skip(etag % 8);
      }
      setOwn(
        msg[f.name] as Record<string, unknown>,
        key,
        value ?? decodeMessage(registry, f.ref!, new Uint8Array(0)),
      );
    } else if (f.repeated) {
      (msg[f.name] as unknown[]).push(decodeScalar(r, f, wire, registry));
    } else {
      msg[f.name] = decodeScalar(r, f, wire, registry);
    }
  }
  return msg;
}
