import { BigNumberValue } from "../../terraform-model";

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Turns decimal text into a JS number when the number represents it exactly, else keeps the text
 * (terraform numbers are arbitrary precision; a rounded value would show up as a diff).
 */
export function numberFromText(text: string): number | BigNumberValue {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`"${text}" is not a decimal number`);
  const n = Number(text);
  if (!Number.isFinite(n)) return new BigNumberValue(text);
  const [, sign, int, frac = "", exp = "0"] = m;
  // text = sign · digits · 10^-scale
  let digits = BigInt(int + frac);
  let scale = BigInt(frac.length) - BigInt(exp);
  if (digits === 0n) return sign === "-" ? -0 : 0;
  // A double has at most 1074 fractional binary (hence decimal) digits.
  if (scale > 1100n) return new BigNumberValue(text);
  if (scale < 0n) {
    digits *= 10n ** -scale;
    scale = 0n;
  }
  return exactlyEquals(Math.abs(n), digits, scale) ? n : new BigNumberValue(text);
}

/** Does the double d equal digits · 10^-scale exactly? Compared with integer arithmetic. */
function exactlyEquals(d: number, digits: bigint, scale: bigint): boolean {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, d);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biasedExp = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp2: bigint;
  if (biasedExp === 0) exp2 = -1074n;
  else {
    mantissa |= 1n << 52n;
    exp2 = BigInt(biasedExp) - 1075n;
  }
  // d = mantissa · 2^exp2 ; compare mantissa · 2^exp2 · 10^scale with digits.
  let left = mantissa * 10n ** scale;
  let right = digits;
  if (exp2 >= 0n) left <<= exp2;
  else right <<= -exp2;
  return left === right;
}
