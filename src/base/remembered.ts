// A pure function of one key with its last answers kept: for the small, hot conversions a call
// repeats (an instant formatted or read, a format's verdict on a text). Bounded in count and in
// bytes: once `limit` answers are kept they are all forgotten, and a text key longer than
// REMEMBERED_KEY_CHARS is computed every time and never kept, so whatever keys a client sends
// (a 3.9 MB "date-time" echoed into an output), at most `limit` x that many characters stay.

/** Longest text key kept: an instant or a format's subject is tens of characters. */
export const REMEMBERED_KEY_CHARS = 256;

/** `compute`, answering from the last answers kept (at most `limit`; `undefined` is never kept). */
export function remembered<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    if (typeof key === "string" && key.length > REMEMBERED_KEY_CHARS) return compute(key);
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= limit) kept.clear();
      value = compute(key);
      kept.set(key, value);
    }
    return value;
  };
}
