// HPACK (RFC 7541) for the provider's HTTP/2 server: a full decoder (terraform's grpc-go client indexes and
// Huffman-codes its request headers) and the few fixed encodings the server's answers need (literals, never
// indexed, so the encoder keeps no table). Hand-written with the server (ARCHITECTURE.md §2 says why).

/** The static table (RFC 7541 Appendix A), index 1 first. */
const STATIC_TABLE: readonly (readonly [string, string])[] = [
  [":authority", ""],
  [":method", "GET"],
  [":method", "POST"],
  [":path", "/"],
  [":path", "/index.html"],
  [":scheme", "http"],
  [":scheme", "https"],
  [":status", "200"],
  [":status", "204"],
  [":status", "206"],
  [":status", "304"],
  [":status", "400"],
  [":status", "404"],
  [":status", "500"],
  ["accept-charset", ""],
  ["accept-encoding", "gzip, deflate"],
  ["accept-language", ""],
  ["accept-ranges", ""],
  ["accept", ""],
  ["access-control-allow-origin", ""],
  ["age", ""],
  ["allow", ""],
  ["authorization", ""],
  ["cache-control", ""],
  ["content-disposition", ""],
  ["content-encoding", ""],
  ["content-language", ""],
  ["content-length", ""],
  ["content-location", ""],
  ["content-range", ""],
  ["content-type", ""],
  ["cookie", ""],
  ["date", ""],
  ["etag", ""],
  ["expect", ""],
  ["expires", ""],
  ["from", ""],
  ["host", ""],
  ["if-match", ""],
  ["if-modified-since", ""],
  ["if-none-match", ""],
  ["if-range", ""],
  ["if-unmodified-since", ""],
  ["last-modified", ""],
  ["link", ""],
  ["location", ""],
  ["max-forwards", ""],
  ["proxy-authenticate", ""],
  ["proxy-authorization", ""],
  ["range", ""],
  ["referer", ""],
  ["refresh", ""],
  ["retry-after", ""],
  ["server", ""],
  ["set-cookie", ""],
  ["strict-transport-security", ""],
  ["transfer-encoding", ""],
  ["user-agent", ""],
  ["vary", ""],
  ["via", ""],
  ["www-authenticate", ""],
];
export const STATIC_CONTENT_TYPE = 31;
export const STATIC_STATUS_200 = 8;

/**
 * Code lengths of the Huffman code (RFC 7541 Appendix B), symbols 0-255 then EOS (256). The code is
 * canonical: ordered by length, then symbol, each code is the previous one plus one, shifted to its length.
 */
const CODE_LENGTHS = [
  13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7,
  8, 15, 6, 12, 10, 13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19,
  13, 14, 6, 15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, 6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13,
  28, 20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, 24, 24, 22, 23, 24, 23, 23, 23, 23, 21,
  22, 23, 22, 23, 23, 24, 22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, 21, 21, 22, 21, 23,
  22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23, 26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,
  19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27, 20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25,
  25, 24, 24, 26, 23, 26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26, 30,
];
const EOS = 256;

/** Per code length: the first code, and where its symbols start in SYMBOLS (canonical decoding). */
const MAX_LENGTH = 30;
const firstCode = new Array<number>(MAX_LENGTH + 2).fill(0);
const countOf = new Array<number>(MAX_LENGTH + 2).fill(0);
const offsetOf = new Array<number>(MAX_LENGTH + 2).fill(0);
const SYMBOLS = CODE_LENGTHS.map((length, symbol) => ({ length, symbol }))
  .sort((a, b) => a.length - b.length || a.symbol - b.symbol)
  .map((s) => s.symbol);
for (const length of CODE_LENGTHS) countOf[length]++;
for (let length = 1, code = 0, offset = 0; length <= MAX_LENGTH; length++) {
  firstCode[length] = code;
  offsetOf[length] = offset;
  code = (code + countOf[length]) * 2;
  offset += countOf[length];
}

export class HpackError extends Error {}

/** Decodes a Huffman-coded string (RFC 7541 §5.2): padding is at most 7 one-bits, EOS never appears. */
export function huffmanDecode(bytes: Uint8Array): string {
  let out = "";
  let code = 0;
  let length = 0;
  let ones = true; // the bits of the current, unfinished code are all one (a valid padding so far)
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      const b = (byte >> bit) & 1;
      code = code * 2 + b;
      length++;
      ones &&= b === 1;
      const index = code - firstCode[length];
      if (index < countOf[length]) {
        const symbol = SYMBOLS[offsetOf[length] + index];
        if (symbol === EOS) throw new HpackError("Huffman string contains EOS");
        out += String.fromCharCode(symbol);
        code = 0;
        length = 0;
        ones = true;
      } else if (length > MAX_LENGTH) {
        throw new HpackError("invalid Huffman code");
      }
    }
  }
  if (length > 7 || !ones) throw new HpackError("invalid Huffman padding");
  return out;
}

export type HeaderList = [string, string][];

/** One connection's request-header decoder, with its dynamic table (RFC 7541 §2.3.2, §4). */
export class HpackDecoder {
  private readonly dynamic: [string, string][] = []; // newest first
  private size = 0;
  private maxSize: number;

  /** `limit`: SETTINGS_HEADER_TABLE_SIZE on this side (the server leaves it at the protocol's 4,096). */
  constructor(private readonly limit = 4096) {
    this.maxSize = limit;
  }

  /** The dynamic table's size as RFC 7541 §4.1 counts it: never above the size in force. */
  get tableSize(): number {
    return this.size;
  }

  decode(block: Uint8Array): HeaderList {
    const headers: HeaderList = [];
    let pos = 0;
    const integer = (prefixBits: number): number => {
      const mask = (1 << prefixBits) - 1;
      let value = block[pos++] & mask;
      if (value < mask) return value;
      for (let shift = 0; ; shift += 7) {
        if (pos >= block.length || shift > 28) throw new HpackError("integer out of range");
        const b = block[pos++];
        value += (b & 0x7f) * 2 ** shift;
        if ((b & 0x80) === 0) return value;
      }
    };
    const string = (): string => {
      if (pos >= block.length) throw new HpackError("truncated string");
      const huffman = (block[pos] & 0x80) !== 0;
      const length = integer(7);
      if (pos + length > block.length) throw new HpackError("truncated string");
      const bytes = block.subarray(pos, pos + length);
      pos += length;
      return huffman ? huffmanDecode(bytes) : Buffer.from(bytes).toString("latin1");
    };
    let headerSeen = false;
    while (pos < block.length) {
      const b = block[pos];
      if (b & 0x80) {
        const index = integer(7);
        const [name, value] = this.entry(index);
        headers.push([name, value]);
        headerSeen = true;
      } else if (b & 0x40) {
        const index = integer(6);
        const name = index === 0 ? string() : this.entry(index)[0];
        const value = string();
        headers.push([name, value]);
        this.insert(name, value);
        headerSeen = true;
      } else if (b & 0x20) {
        // A table size update may only open a header block.
        if (headerSeen) throw new HpackError("table size update after a header");
        const size = integer(5);
        if (size > this.limit) throw new HpackError("table size update above the announced limit");
        this.maxSize = size;
        this.evict();
      } else {
        // Literal without indexing (0000) or never indexed (0001): the same to a decoder.
        const index = integer(4);
        const name = index === 0 ? string() : this.entry(index)[0];
        headers.push([name, string()]);
        headerSeen = true;
      }
    }
    return headers;
  }

  private entry(index: number): readonly [string, string] {
    if (index >= 1 && index <= STATIC_TABLE.length) return STATIC_TABLE[index - 1];
    const entry = this.dynamic[index - STATIC_TABLE.length - 1];
    if (!entry) throw new HpackError(`header index ${index} is not in the table`);
    return entry;
  }

  private insert(name: string, value: string): void {
    this.dynamic.unshift([name, value]);
    this.size += name.length + value.length + 32;
    this.evict();
  }

  private evict(): void {
    while (this.size > this.maxSize) {
      const [name, value] = this.dynamic.pop()!;
      this.size -= name.length + value.length + 32;
    }
  }
}

function encodeInteger(out: number[], firstByte: number, prefixBits: number, value: number): void {
  const max = (1 << prefixBits) - 1;
  if (value < max) {
    out.push(firstByte | value);
    return;
  }
  out.push(firstByte | max);
  for (value -= max; value >= 0x80; value = Math.floor(value / 0x80)) out.push((value % 0x80) | 0x80);
  out.push(value);
}

/** Fields to encode: [name or static-table index, value], or a bare static-table index. */
export type HeaderFields = (number | [string | number, string])[];

/**
 * A header block of literals never added to a table (no Huffman coding): `[name, value]` with a name
 * string, or `[staticIndex, value]` naming a static-table entry; a bare static index is that whole entry.
 */
export function encodeHeaders(fields: HeaderFields): Buffer {
  const out: number[] = [];
  const string = (s: string) => {
    const bytes = Buffer.from(s, "latin1");
    encodeInteger(out, 0, 7, bytes.length);
    for (const b of bytes) out.push(b);
  };
  for (const field of fields) {
    if (typeof field === "number") {
      encodeInteger(out, 0x80, 7, field);
      continue;
    }
    const [name, value] = field;
    if (typeof name === "number") {
      encodeInteger(out, 0x00, 4, name);
    } else {
      out.push(0x00);
      string(name);
    }
    string(value);
  }
  return Buffer.from(out);
}
