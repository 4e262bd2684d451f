// What an agent has seen so far: every value an answer (or the world) showed, by the name of
// the key it stood under, so the next call can use an id, a place or a product it was given.
// Names are compared loosely (`restaurant_id`, `restaurantId` and `RestaurantID` are one), as a
// model reads them.
import type { Json, JsonObject } from "../base/types.js";
import { isObject } from "../base/isObject.js";

export const looseName = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Bounded: an agent remembers the recent, not everything. */
const PER_NAME = 40;
const OBJECTS = 300;

export class Pools {
  private readonly byName = new Map<string, Json[]>();
  /** Objects seen anywhere, newest last: candidates for an object-typed argument. */
  readonly objects: JsonObject[] = [];

  constructor(private readonly parent?: Pools) {}

  /** A copy to go on from later (the walk resumes conversations that got somewhere new). */
  clone(): Pools {
    const copy = new Pools(this.parent);
    for (const [name, list] of this.byName) copy.byName.set(name, [...list]);
    copy.objects.push(...this.objects);
    return copy;
  }

  add(value: Json, depth = 0): void {
    if (depth > 12) return;
    if (Array.isArray(value)) {
      for (const item of value) this.add(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    this.objects.push(value);
    if (this.objects.length > OBJECTS) this.objects.shift();
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") this.remember(looseName(key), v);
      // A map keyed by id (`"rst_10231": {...}`) shows the ids as keys.
      if (isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => /^[a-z]+_[A-Za-z0-9_]+$/.test(k))) for (const k of Object.keys(v)) this.remember(`${looseName(key)}:key`, k);
      this.add(v as Json, depth + 1);
    }
  }

  private remember(name: string, v: Json): void {
    let list = this.byName.get(name);
    if (!list) this.byName.set(name, (list = []));
    // Seen again: it is what the agent is working with now (the offer it just revalidated).
    const at = list.indexOf(v);
    if (at >= 0) list.splice(at, 1);
    list.push(v);
    if (list.length > PER_NAME) list.shift();
  }

  /** Values seen under this name here, then in the parent (the world's). */
  valuesFor(key: string): Json[] {
    const name = looseName(key);
    const own = this.byName.get(name) ?? [];
    const inherited = this.parent?.valuesFor(key) ?? [];
    // Newest last: what this conversation showed comes after what the world always had.
    return own.length > 0 ? [...inherited, ...own] : inherited;
  }

  /** Names the latest answer showed values under: what an agent goes on with next. */
  latest = new Set<string>();

  /** Remember an answer, and that its names are the latest. */
  addAnswer(value: Json): void {
    this.add(value);
    this.latest = new Set<string>();
    const walk = (v: Json, depth: number) => {
      if (depth > 6) return;
      if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
      else if (isObject(v)) for (const [k, x] of Object.entries(v)) {
        if (typeof x === "string" || typeof x === "number") this.latest.add(looseName(k));
        walk(x as Json, depth + 1);
      }
    };
    walk(value, 0);
  }

  /** Values this conversation showed under the name, without the world's. */
  ownValuesFor(key: string): Json[] {
    return this.byName.get(looseName(key)) ?? [];
  }

  /** Ids that a map was keyed by, for an argument ending in id (`restaurant_id` <- `restaurants`). */
  keysLike(prefix: string): string[] {
    const out: string[] = [];
    for (const [name, list] of this.byName) if (name.endsWith(":key")) for (const v of list) if (typeof v === "string" && v.startsWith(prefix)) out.push(v);
    return [...(this.parent?.keysLike(prefix) ?? []), ...out];
  }

  allObjects(): JsonObject[] {
    return [...(this.parent?.allObjects() ?? []), ...this.objects];
  }
}
