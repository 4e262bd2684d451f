// The objects of a world snapshot's data, and the copies answers make of them. A snapshot's data
// never changes (a changed world file makes a new snapshot), so an answer's copy of a world
// object in Go's key order is the same on every call: it is made once per object, frozen, and
// shared by every answer that holds it. A ride's view holds six (pickup, drop-off, fare, car); a
// search's answer holds one per result.
import type { Json } from "../base/types.js";

export class WorldValues {
  private readonly values = new WeakSet<object>();
  private readonly sorted = new WeakMap<object, Json>();

  constructor(data: Json) {
    // An explicit stack: world data is written by hand, but nothing bounds its depth.
    const stack: unknown[] = [data];
    while (stack.length > 0) {
      const value = stack.pop();
      if (value === null || typeof value !== "object" || this.values.has(value)) continue;
      this.values.add(value);
      for (const item of Array.isArray(value) ? value : Object.values(value)) stack.push(item);
    }
  }

  /** Whether `value` is one of the data's objects or arrays. */
  has(value: object): boolean {
    return this.values.has(value);
  }

  /** The sorted copy kept of a world object, if one was made. */
  sortedCopy(value: object): Json | undefined {
    return this.sorted.get(value);
  }

  /** Keeps `copy` (frozen) as the sorted copy of the world object `value`; returns it. */
  keepSortedCopy(value: object, copy: Json): Json {
    Object.freeze(copy);
    this.sorted.set(value, copy);
    return copy;
  }
}
