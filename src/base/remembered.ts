// A pure function of one key with its last answers kept: for the small, hot conversions a call
// repeats (an instant formatted or read, a format's verdict on a text). Bounded: once `limit`
// answers are kept they are all forgotten, so whatever keys a client sends, at most that many stay.

/** `compute`, answering from the last answers kept (at most `limit`; `undefined` is never kept). */
export function remembered<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= limit) kept.clear();
      value = compute(key);
      kept.set(key, value);
    }
    return value;
  };
}
