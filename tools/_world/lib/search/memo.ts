/**
 * A function that remembers its answers, for one index build: the memory belongs to the index
 * being built and goes with it (never a module-level cache, which would outlive a world version).
 */
export function memo<T>(f: (key: string) => T): (key: string) => T {
  const seen = new Map<string, T>();
  return (key) => {
    if (seen.has(key)) return seen.get(key) as T;
    const value = f(key);
    seen.set(key, value);
    return value;
  };
}
