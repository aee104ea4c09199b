import type { CtyType, Value, ValueObject } from "../../terraform-model";
import { setOwn } from "../../util/own";
import { ValueError } from "./errors";
import { numberFromText } from "./number";
import { parseCtyType } from "./types";

// terraform's JSON value encoding (stored state, the `json` DynamicValue form), parsed without
// losing number precision and converted against the expected type.

/** A JSON number kept as its text until the expected type is known. */
class JsonNumber {
  constructor(readonly text: string) {}
}
/** Parsed JSON: numbers are JsonNumber from the exact parser, plain numbers from JSON.parse (no rounding). */
type Json = null | boolean | string | number | JsonNumber | Json[] | { [key: string]: Json };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class JsonParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  private fail(what: string): never {
    throw new ValueError(`invalid JSON at offset ${this.pos}: ${what}`);
  }

  private ws(): void {
    while (this.pos < this.text.length && " \t\n\r".includes(this.text[this.pos])) this.pos++;
  }

  parseDocument(): Json {
    const v = this.value(0);
    this.ws();
    if (this.pos !== this.text.length) this.fail("unexpected trailing text");
    return v;
  }

  private value(depth: number): Json {
    if (depth > 512) this.fail("nested too deeply");
    this.ws();
    const c = this.text[this.pos];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail("expected a value");
    this.pos += m[0].length;
    return new JsonNumber(m[0]);
  }

  private string(): string {
    const start = this.pos;
    let i = start + 1;
    while (i < this.text.length && this.text[i] !== '"') i += this.text[i] === "\\" ? 2 : 1;
    if (i >= this.text.length) this.fail("unterminated string");
    this.pos = i + 1;
    try {
      // The literal's escapes and character rules are exactly JSON's.
      return JSON.parse(this.text.slice(start, this.pos)) as string;
    } catch {
      this.pos = start;
      return this.fail("invalid string");
    }
  }

  private array(depth: number): Json[] {
    this.pos++;
    const out: Json[] = [];
    this.ws();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.text[this.pos++];
      if (c === "]") return out;
      if (c !== ",") this.fail("expected , or ]");
    }
  }

  private object(depth: number): { [key: string]: Json } {
    this.pos++;
    const out: { [key: string]: Json } = {};
    this.ws();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.text[this.pos] !== '"') this.fail("expected an attribute name");
      const key = this.string();
      this.ws();
      if (this.text[this.pos++] !== ":") this.fail("expected :");
      setOwn(out, key, this.value(depth + 1));
      this.ws();
      const c = this.text[this.pos++];
      if (c === "}") return out;
      if (c !== ",") this.fail("expected , or }");
    }
  }
}

/**
 * Numbers JSON.parse might round: 16 digits in a row, 17 digits and dots (15+ significant digits around a
 * point), or an exponent; looked for outside string literals (ids are long digit runs).
 */
const MAY_ROUND = /\d{16}|[\d.]{17}|\d[eE]/;
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;

/**
 * Parses JSON keeping every number exact: natively when no number can lose precision (numbers of at most 15
 * significant digits survive a double; no reviver, which would cost more than the parse), else exactly.
 */
export function parseJsonLossless(text: string): Json {
  if (!MAY_ROUND.test(text.replace(STRING_LITERAL, '""'))) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      // invalid: the exact parser says where
    }
  }
  return new JsonParser(text).parseDocument();
}

function toPlain(j: Json): unknown {
  if (j instanceof JsonNumber) return Number(j.text);
  if (Array.isArray(j)) return j.map(toPlain);
  if (j !== null && typeof j === "object")
    return Object.fromEntries(Object.entries(j).map(([k, v]) => [k, toPlain(v)]));
  return j;
}

function fromJson(j: Json, type: CtyType, path: string): Value {
  if (j === null) return null;
  const where = path || "the top level";
  const fail = (what: string): never => {
    throw new ValueError(`expected ${what} at ${where}`);
  };
  if (type === "string") {
    if (typeof j === "string") return j;
    if (j instanceof JsonNumber) return j.text;
    if (typeof j === "number") return Object.is(j, -0) ? "-0" : String(j);
    if (typeof j === "boolean") return String(j);
    return fail("a string");
  }
  if (type === "number") {
    // An integer is exact as it is; other decimals may need their exact form (0.1 is not a double).
    if (typeof j === "number") return Number.isInteger(j) ? j : numberFromText(String(j));
    if (j instanceof JsonNumber) return numberFromText(j.text);
    if (typeof j === "string") {
      try {
        return numberFromText(j);
      } catch {
        return fail("a number");
      }
    }
    return fail("a number");
  }
  if (type === "bool") {
    if (typeof j === "boolean") return j;
    if (j === "true" || j === "false") return j === "true";
    return fail("a bool");
  }
  if (type === "dynamic") {
    // cty writes a dynamic value as {"value": ..., "type": ...}.
    if (typeof j !== "object" || Array.isArray(j) || j instanceof JsonNumber || !("type" in j)) {
      return fail('a {"value", "type"} object for a dynamic value');
    }
    return fromJson(j.value ?? null, parseCtyType(toPlain(j.type)), path);
  }
  const [kind, arg] = type;
  switch (kind) {
    case "list":
    case "set":
      if (!Array.isArray(j)) return fail(`a ${kind}`);
      return j.map((item, i) => fromJson(item, arg, `${path}[${i}]`));
    case "tuple":
      if (!Array.isArray(j) || j.length !== arg.length) return fail(`a tuple of ${arg.length} elements`);
      return j.map((item, i) => fromJson(item, arg[i], `${path}[${i}]`));
    case "map": {
      if (typeof j !== "object" || Array.isArray(j) || j instanceof JsonNumber) return fail("a map");
      const out: ValueObject = {};
      for (const [k, v] of Object.entries(j))
        setOwn(out, k, fromJson(v, arg, `${path}[${JSON.stringify(k)}]`));
      return out;
    }
    case "object": {
      if (typeof j !== "object" || Array.isArray(j) || j instanceof JsonNumber) return fail("an object");
      // Attributes missing from old state become null; attributes no longer in the schema are dropped.
      const out: ValueObject = {};
      for (const [name, attrType] of Object.entries(arg)) {
        const v = Object.prototype.hasOwnProperty.call(j, name) ? j[name] : null;
        setOwn(out, name, fromJson(v, attrType, `${path}.${name}`));
      }
      return out;
    }
  }
}

/** Decodes JSON text (state or a `json` DynamicValue) against a type. JSON has no unknowns. */
export function decodeJson(text: string, type: CtyType): Value {
  return fromJson(parseJsonLossless(text), type, "");
}
