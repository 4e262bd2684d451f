// A seeded, stable hash: the world's "random" choices (a fare's spread, a departure time) are a
// function of what was asked, so the same question gets the same answer in every process and on
// every run, and nothing reads Math.random.

/** 32-bit FNV-1a of the parts joined by "|". */
export function hash32(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  // Part by part rather than over parts.join("|"): a search hashes dozens of keys, and the
  // joined strings were most of its garbage.
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) h = Math.imul(h ^ 0x7c, 0x01000193);
    const part = parts[p]!;
    const text = typeof part === "string" ? part : String(part);
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  // A final avalanche (murmur3's fmix32): FNV alone leaves nearby keys' low bits alike.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) determined by the parts. */
export function unitHash(...parts: readonly (string | number)[]): number {
  return hash32(...parts) / 0x1_0000_0000;
}

/** A second hash derived from a first and a small salt: many draws from one key, hashed once. */
export function mix32(h: number, salt: number): number {
  let x = (h ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}
