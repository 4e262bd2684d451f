// Arguments an agent would send: built from the tool's input schema, preferring what it has
// seen (an id an answer gave it, a place, a product, a total), sometimes something it made up
// (an id never issued, a date too far ahead, "tomorrow 8am"), and leaving optional inputs out
// now and then. Never valid by construction: the engine's own validation has the last word.
import type { Json, JsonObject } from "../base/types.js";
import { setOwn } from "../base/setOwn.js";
import { branches, firstType, isObject, resolveSchema, type SchemaNode } from "../check/schemaWalk.js";
import type { Dice } from "./seeded.js";
import { looseName, type Pools } from "./pools.js";

export interface ArgumentContext {
  root: SchemaNode;
  pools: Pools;
  dice: Dice;
  /** The walk's clock, for dates and times near "now". */
  now: number;
  /** Counter for made-up keys (idempotency keys, queries). */
  serial: () => number;
}

const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

/** The most recent values are what an agent goes on with; older ones now and then. */
function recall(values: Json[], dice: Dice): Json | undefined {
  if (values.length === 0) return undefined;
  // Mostly the very last one: an agent goes on with what the previous answer gave it.
  const r = dice.next();
  if (r < 0.45) return values[values.length - 1];
  if (r < 0.75) return values[Math.max(0, values.length - 1 - dice.int(0, Math.min(4, values.length - 1)))];
  return dice.pick(values);
}

function words(ctx: ArgumentContext): string[] {
  const out: string[] = [];
  for (const key of ["name", "category", "cuisine", "keywords", "words", "label", "city", "title", "tags"]) {
    for (const v of ctx.pools.valuesFor(key)) if (typeof v === "string") out.push(...v.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));
  }
  return out;
}

function stringFor(node: SchemaNode, key: string, ctx: ArgumentContext): string {
  const { dice, pools } = ctx;
  const seen = pools.valuesFor(key).filter((v): v is string => typeof v === "string");
  const pattern = typeof node.pattern === "string" ? node.pattern : "";
  const prefix = /^\^([a-z]+_)/.exec(pattern)?.[1];
  // A key this conversation sent, never one a fixture in the world was made with, now and then
  // with other arguments: the service refuses that (IDEMPOTENCY_KEY_REUSED), so as a habit it would
  // hide the other checkouts; an exact retry is the walk's own retry of a whole call.
  if (/idempot/i.test(key)) {
    const sent = pools.ownValuesFor(key).filter((v): v is string => typeof v === "string");
    return sent.length > 0 && dice.chance(0.1) ? (recall(sent, dice) as string) : `walk-${ctx.serial()}`;
  }
  if (prefix) {
    const known = [...seen.filter((v) => v.startsWith(prefix)), ...pools.keysLike(prefix)];
    if (known.length > 0 && dice.chance(0.85)) return recall(known, dice) as string;
    return `${prefix}${dice.int(100000, 999999)}`; // an id never issued
  }
  if (seen.length > 0 && dice.chance(/(_id|Id)$/.test(key) ? 0.92 : 0.75)) return recall(seen, dice) as string;
  if (node.format === "date") {
    // Mostly the coming weeks; sometimes the past, far ahead, or not a date at all, as agents do.
    const r = dice.next();
    if (r < 0.05) return dice.pick(["2026-02-30", "next friday", "2026/12/24", "24-12-2026"]);
    if (r < 0.12) return isoDate(ctx.now - dice.int(1, 30) * day);
    if (r < 0.18) return isoDate(ctx.now + dice.int(330, 2000) * day);
    return isoDate(ctx.now + dice.int(0, 40) * day);
  }
  if (node.format === "date-time" || /(^|_)at$|At$|time/i.test(key)) {
    if (dice.chance(0.08)) return "tomorrow 8am";
    const minutes = dice.pick([-30, 5, 20, 45, 90, 60 * 20, 60 * 24 * 3, 60 * 24 * 29, 60 * 24 * 45]);
    return isoTime(ctx.now + minutes * 60_000 + dice.int(0, 10) * 60_000);
  }
  if (/query|search|term|keyword|text|name/i.test(key)) {
    const vocabulary = words(ctx);
    if (vocabulary.length > 0 && dice.chance(0.85)) return dice.chance(0.3) ? `${dice.pick(vocabulary)} ${dice.pick(vocabulary)}` : dice.pick(vocabulary);
    return dice.pick(["xyzzy", "something else", "near me"]);
  }
  if (/code/i.test(key)) return dice.pick(["WALK10", "SAVE", "XYZ"]);
  return "sample";
}

function numberFor(node: SchemaNode, key: string, integer: boolean, ctx: ArgumentContext): number {
  const { dice, pools } = ctx;
  const min = typeof node.minimum === "number" ? node.minimum : typeof node.exclusiveMinimum === "number" ? node.exclusiveMinimum + 1 : undefined;
  const max = typeof node.maximum === "number" ? node.maximum : undefined;
  const seen = pools.valuesFor(key).filter((v): v is number => typeof v === "number");
  if (seen.length > 0 && dice.chance(0.7)) return recall(seen, dice) as number;
  const lo = min ?? (/limit|quantity|count|passengers|adults/i.test(key) ? 1 : 0);
  const hi = max ?? (/limit/i.test(key) ? 10 : /quantity/i.test(key) ? 3 : 100);
  const value = lo + dice.next() * (Math.max(lo, hi) - lo);
  return integer ? Math.round(value) : Math.round(value * 100) / 100;
}

/**
 * A seen object that fits the schema's required keys, cut down to the keys it knows. `partly`:
 * one that holds two of them is enough (a route's origin and destination), the rest is made up.
 */
function seenObject(node: SchemaNode, ctx: ArgumentContext, partly = false): JsonObject | undefined {
  const properties = isObject(node.properties) ? Object.keys(node.properties) : [];
  if (properties.length === 0) return undefined;
  const required = Array.isArray(node.required) ? (node.required as string[]) : [];
  const has = (o: JsonObject, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  const fits = ctx.pools
    .allObjects()
    .filter((o) => (partly ? properties.filter((k) => has(o, k)).length >= Math.min(2, properties.length) : required.every((k) => has(o, k)) && properties.some((k) => has(o, k))));
  if (fits.length === 0) return undefined;
  const chosen = recall(fits, ctx.dice) as JsonObject;
  const out: JsonObject = {};
  for (const k of properties) if (Object.prototype.hasOwnProperty.call(chosen, k)) setOwn(out, k, chosen[k] as Json);
  return out;
}

export function valueFor(schema: unknown, key: string, ctx: ArgumentContext, depth = 0): Json | undefined {
  const node = resolveSchema(ctx.root, schema);
  if (!node || depth > 8) return undefined;
  const { dice } = ctx;
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    const seen = ctx.pools.valuesFor(key).filter((v) => (node.enum as Json[]).includes(v));
    return seen.length > 0 && dice.chance(0.5) ? (recall(seen, dice) as Json) : (dice.pick(node.enum) as Json);
  }
  if (Object.prototype.hasOwnProperty.call(node, "const")) return node.const as Json;
  const all = branches(ctx.root, node);
  const typed = dice.pick(all.filter((b) => firstType(b) !== undefined).concat(all.length === 1 ? [node] : []));
  switch (firstType(typed ?? node)) {
    case "string":
      return stringFor(typed as SchemaNode, key, ctx);
    case "integer":
      return numberFor(typed as SchemaNode, key, true, ctx);
    case "number":
      return numberFor(typed as SchemaNode, key, false, ctx);
    case "boolean":
      return dice.chance(0.5);
    case "array": {
      const t = typed as SchemaNode;
      const min = typeof t.minItems === "number" ? t.minItems : 1;
      const max = typeof t.maxItems === "number" ? t.maxItems : Math.max(min, 3);
      const n = dice.int(min, Math.min(max, min + 2));
      const out: Json[] = [];
      for (let i = 0; i < n; i++) {
        const item = valueFor(t.items, key.replace(/s$/, ""), ctx, depth + 1);
        if (item !== undefined) out.push(item);
      }
      return out;
    }
    case "object": {
      const t = typed as SchemaNode;
      if (dice.chance(0.6)) {
        const seen = seenObject(t, ctx);
        if (seen) return seen;
      }
      return objectFor(t, ctx, depth);
    }
    default:
      return undefined;
  }
}

/** Whether a property holds an id (by its pattern or its name): alternatives among such inputs are common. */
function idLike(root: SchemaNode, sub: unknown, key: string): boolean {
  const node = resolveSchema(root, sub);
  return (typeof node?.pattern === "string" && /^\^[a-z]+_/.test(node.pattern)) || /(_id|Id)$/.test(key);
}

/**
 * Every required property; an optional one half the time, an id the agent has seen for it more
 * often, a second optional id less often (inputs such as basket_id / offer_id are alternatives).
 * Now and then a seen object that fits is the starting point (a route: origin and destination
 * together), and a property takes a sibling's value (the same place twice, as agents send it).
 */
export function objectFor(node: SchemaNode, ctx: ArgumentContext, depth = 0): JsonObject {
  const out: JsonObject = {};
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const { dice } = ctx;
  if (depth === 0 && dice.chance(0.25)) {
    const seen = seenObject(node, ctx, true);
    if (seen) Object.assign(out, seen);
  }
  let optionalIds = 0;
  const made: { schema: SchemaNode | undefined; value: Json }[] = [];
  for (const b of branches(ctx.root, node)) {
    if (!isObject(b.properties)) continue;
    // An id the latest answer gave goes first: the next call is about it (the offer just revalidated).
    const entries = Object.entries(b.properties).sort(([a], [c]) => Number(ctx.pools.latest.has(looseName(c))) - Number(ctx.pools.latest.has(looseName(a))));
    for (const [key, sub] of entries) {
      if (Object.prototype.hasOwnProperty.call(out, key)) continue;
      const isId = idLike(ctx.root, sub, key);
      if (!required.has(key)) {
        const p = isId ? (optionalIds > 0 ? 0.2 : ctx.pools.latest.has(looseName(key)) ? 0.9 : ctx.pools.valuesFor(key).length > 0 ? 0.7 : 0.5) : 0.5;
        if (!dice.chance(p)) continue;
        if (isId) optionalIds++;
      }
      const schema = resolveSchema(ctx.root, sub);
      const twin = made.find((m) => m.schema !== undefined && m.schema === schema && isObject(m.value));
      const value = twin && dice.chance(0.1) ? twin.value : valueFor(sub, key, ctx, depth + 1);
      if (value === undefined) continue;
      setOwn(out, key, value);
      made.push({ schema, value });
    }
  }
  return out;
}
