// A key's own value in a record (`$lookup`): nothing for a missing record or key, never a
// property every object inherits (an id such as "constructor" is not a ride).
export function own<T>(record: Record<string, T> | null | undefined, key: unknown): T | undefined {
  if (record === null || record === undefined || typeof record !== "object" || (typeof key !== "string" && typeof key !== "number")) return undefined;
  return Object.prototype.hasOwnProperty.call(record, String(key)) ? record[String(key)] : undefined;
}
