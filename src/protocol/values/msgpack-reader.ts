// Generic msgpack reading: bytes into raw values (maps keep their entry order, extensions their type);
// msgpack.ts turns them into terraform values against the expected cty type.

import { ValueError } from "./errors";

/** A msgpack extension value; terraform uses them only for unknown values. */
export class Ext {
  constructor(readonly type: number) {}
}
export type Raw =
  null | boolean | number | bigint | string | Buffer | Ext | Raw[] | Array<[Raw, Raw]> | RawMap;
export class RawMap {
  constructor(readonly entries: Array<[Raw, Raw]>) {}
}

/**
 * Most formats come in runs of consecutive bytes for doubling sizes (1, 2, 4, ... bytes): the size byte `b`
 * stands for in the run starting at `first` with `smallest`.
 */
function runSize(b: number, first: number, smallest = 1): number {
  return smallest << (b - first);
}

export class MsgpackReader {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}

  done(): boolean {
    return this.pos >= this.buf.length;
  }

  private need(n: number): void {
    if (this.pos + n > this.buf.length) throw new ValueError("msgpack value is truncated");
  }

  private u8(): number {
    this.need(1);
    return this.buf[this.pos++];
  }

  private take(n: number): Buffer {
    this.need(n);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** A string of n bytes, decoded in place (no view of the buffer per string: most values are strings). */
  private str(n: number): string {
    this.need(n);
    this.pos += n;
    return this.buf.toString("utf8", this.pos - n, this.pos);
  }

  private uint(bytes: number): number {
    this.need(bytes);
    this.pos += bytes;
    return this.buf.readUIntBE(this.pos - bytes, bytes);
  }

  private array(n: number, depth: number): Raw[] {
    const out: Raw[] = [];
    for (let i = 0; i < n; i++) out.push(this.read(depth + 1));
    return out;
  }

  private map(n: number, depth: number): RawMap {
    const entries: Array<[Raw, Raw]> = [];
    for (let i = 0; i < n; i++) entries.push([this.read(depth + 1), this.read(depth + 1)]);
    return new RawMap(entries);
  }

  private ext(len: number): Ext {
    const type = this.take(1).readInt8(0);
    this.take(len); // the payload (refinements of an unknown) carries nothing the provider uses
    return new Ext(type);
  }

  /** The next value's length when it is an array, its header read; undefined (nothing read) otherwise. */
  arrayLength(): number | undefined {
    return this.collectionLength(0x90, 0xdc);
  }

  /** The next value's entry count when it is a map, its header read; undefined (nothing read) otherwise. */
  mapLength(): number | undefined {
    return this.collectionLength(0x80, 0xde);
  }

  /** A collection's header: `fix` marks its short form (length in the low nibble), `first16` its 16-bit form. */
  private collectionLength(fix: number, first16: number): number | undefined {
    this.need(1);
    const b = this.buf[this.pos];
    if ((b & 0xf0) === fix) return this.buf[this.pos++] & 0x0f;
    if (b !== first16 && b !== first16 + 1) return undefined;
    this.pos++;
    return this.uint(runSize(b, first16, 2));
  }

  read(depth = 0): Raw {
    if (depth > 512) throw new ValueError("msgpack value is nested too deeply");
    const b = this.u8();
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if ((b & 0xf0) === 0x80) return this.map(b & 0x0f, depth);
    if ((b & 0xf0) === 0x90) return this.array(b & 0x0f, depth);
    if ((b & 0xe0) === 0xa0) return this.str(b & 0x1f);
    if (b >= 0xc4 && b <= 0xc6) return Buffer.from(this.take(this.uint(runSize(b, 0xc4)))); // bin 8/16/32
    if (b >= 0xc7 && b <= 0xc9) return this.ext(this.uint(runSize(b, 0xc7))); // ext 8/16/32
    if (b >= 0xcc && b <= 0xce) return this.uint(runSize(b, 0xcc)); // uint 8/16/32
    if (b >= 0xd0 && b <= 0xd2) return this.take(runSize(b, 0xd0)).readIntBE(0, runSize(b, 0xd0)); // int 8/16/32
    if (b >= 0xd4 && b <= 0xd8) return this.ext(runSize(b, 0xd4)); // fixext 1/2/4/8/16
    if (b >= 0xd9 && b <= 0xdb) return this.str(this.uint(runSize(b, 0xd9))); // str 8/16/32
    if (b >= 0xdc && b <= 0xdd) return this.array(this.uint(runSize(b, 0xdc, 2)), depth); // array 16/32
    if (b >= 0xde && b <= 0xdf) return this.map(this.uint(runSize(b, 0xde, 2)), depth); // map 16/32
    switch (b) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xca:
        return this.take(4).readFloatBE(0);
      case 0xcb:
        return this.take(8).readDoubleBE(0);
      case 0xcf:
        return this.take(8).readBigUInt64BE(0);
      case 0xd3:
        return this.take(8).readBigInt64BE(0);
      default:
        throw new ValueError(`invalid msgpack byte 0x${b.toString(16)}`);
    }
  }
}
