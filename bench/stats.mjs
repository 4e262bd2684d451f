// Small statistics over repeated measurements.
export function median(xs) {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** { median, min, max } of the finite values. */
export function spread(xs) {
  const s = xs.filter((x) => Number.isFinite(x));
  return { median: median(s), min: Math.min(...s), max: Math.max(...s), n: s.length };
}
