// The one key-order rule of Go's encoders. encoding/json writes a struct's fields in declaration
// order and a map's keys sorted; fmt prints a map's keys sorted the same way. Go compares strings
// byte by byte in UTF-8, which is code point order. JavaScript's default sort compares UTF-16 code
// units, which disagrees where a character past U+FFFF (a surrogate pair, D800–DFFF) meets one in
// U+E000–U+FFFF: JavaScript puts "😀" before "！", Go puts it after.

/** Negative, zero or positive as Go's strings.Compare orders a and b. */
export function goKeyCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** A code unit moved so that surrogates rank above U+E000–U+FFFF, as their code points do. */
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** Keys sorted as Go sorts a map's keys (a new array). */
export function goSorted(keys: Iterable<string>): string[] {
  return [...keys].sort(goKeyCompare);
}

/** An array index as a key ("0", "9", "10"): JavaScript lists these first, in numeric order. */
export const isIndexKey = (key: string): boolean => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;

/**
 * The order Go writes this object's keys in. An object with an array-index key can only be a Go
 * map (struct fields are never numbers), so its keys are sorted; any other object keeps its order,
 * which is the struct's field order or one already sorted by sortKeys.
 */
export function goObjectKeys(value: object): string[] {
  const keys = Object.keys(value);
  // JavaScript lists array-index keys before all others, so the first key tells whether there is
  // one: no regex per key on every object the wire writes.
  const first = keys[0];
  return first !== undefined && isIndexKey(first) ? keys.sort(goKeyCompare) : keys;
}
