// A seeded, stable hash: the world's "random" choices (a fare's spread, a departure time) are a
// function of what was asked, so the same question gets the same answer in every process and on
// every run, and nothing reads Math.random.

/** 32-bit FNV-1a of the parts joined by "|". */
export function hash32(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join("|");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
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
