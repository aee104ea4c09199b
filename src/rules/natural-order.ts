// Natural order for names people read (`flag-2` before `flag-10`): parameter names, submodule names and
// terraform addresses (`shop["eu-2"]` before `shop["eu-10"]`). The rules list resets in it and the review
// sorts everything it shows by it, so a plan's warnings and its review list values in the same order.

const PARTS = /(\d+)/;

/** Compares runs of digits by their number and everything else by code unit, so the order never depends on a locale. */
export function naturalCompare(a: string, b: string): number {
  if (a === b) return 0;
  const pa = a.split(PARTS);
  const pb = b.split(PARTS);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    // split with a capture group puts the digit runs at the odd indexes
    if (i % 2 === 1) {
      const byNumber = compareDigits(x, y);
      if (byNumber !== 0) return byNumber;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : 1);
}

/** Digit runs of any length by value (no Number overflow), then the shorter (fewer leading zeros) first. */
function compareDigits(x: string, y: string): number {
  const tx = x.replace(/^0+(?=\d)/, "");
  const ty = y.replace(/^0+(?=\d)/, "");
  if (tx.length !== ty.length) return tx.length - ty.length;
  if (tx !== ty) return tx < ty ? -1 : 1;
  return x.length - y.length;
}

/** The keys of a record in natural order. */
export function naturalKeys(record: object | undefined): string[] {
  return Object.keys(record ?? {}).sort(naturalCompare);
}
