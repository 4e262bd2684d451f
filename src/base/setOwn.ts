// Objects built from client or author data may have any key, "__proto__" included: assigning
// that one would set the prototype instead of a key. One helper for every such place.

/** Sets `key` on `target` as an own, enumerable data property, whatever its name. */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
