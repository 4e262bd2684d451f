// What a run changed, entity by entity: the state document's collections compared at the start
// and the end of the run. Generic: every top-level key of the state is a kind of entity (orders,
// rides, baskets...), its keys the entities' ids; a catalog may name deeper collections
// (`wallet.transactions` as `walletMovements`) in `tools/_diff.json`. Kinds and ids come out
// sorted, so the same run always gives the same text.
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";

/** A collection below the top level, with the name its kind goes by. */
export interface NamedCollection {
  kind: string;
  path: string[];
}

export interface Changed {
  id: string;
  /** The entity's own keys whose values differ, sorted. */
  fields: string[];
  before: Json;
  after: Json;
}

export interface KindDiff {
  created: { id: string; after: Json }[];
  changed: Changed[];
  removed: { id: string; before: Json }[];
}

/** kind -> what changed; only kinds with a change appear. */
export type StateDiff = Record<string, KindDiff>;

/** A key's place in a document, or undefined where a step is not an object. */
function at(doc: Json | undefined, path: string[]): Json | undefined {
  let value = doc;
  for (const key of path) {
    if (!isObject(value) || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** JSON text with keys sorted at every depth: two entities are the same when their texts are. */
export function canonical(value: Json | undefined): string {
  if (value === undefined) return "";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  return JSON.stringify(value);
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Entities of one collection compared; `skip`: ids that are deeper collections of their own. */
function compare(start: Json | undefined, end: Json | undefined, skip: ReadonlySet<string>): KindDiff | undefined {
  // A collection that is not an object (a scalar or list at the top) is one entity under its own key.
  const before = isObject(start) ? start : {};
  const after = isObject(end) ? end : {};
  const diff: KindDiff = { created: [], changed: [], removed: [] };
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.has(id)) continue;
    const had = Object.prototype.hasOwnProperty.call(before, id);
    const has = Object.prototype.hasOwnProperty.call(after, id);
    if (!had) diff.created.push({ id, after: after[id] as Json });
    else if (!has) diff.removed.push({ id, before: before[id] as Json });
    else if (canonical(before[id]) !== canonical(after[id])) diff.changed.push({ id, fields: changedFields(before[id] as Json, after[id] as Json), before: before[id] as Json, after: after[id] as Json });
  }
  if (diff.created.length + diff.changed.length + diff.removed.length === 0) return undefined;
  diff.created.sort(byId);
  diff.changed.sort(byId);
  diff.removed.sort(byId);
  return diff;
}

function changedFields(before: Json, after: Json): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => canonical(before[k]) !== canonical(after[k])).sort();
}

export function stateDiff(start: JsonObject, end: JsonObject, named: readonly NamedCollection[] = []): StateDiff {
  const out: StateDiff = {};
  const kinds: [string, KindDiff][] = [];
  // What a named collection covers is left out of the collection above it.
  const covered = new Map<string, Set<string>>();
  for (const { path } of named) {
    const parent = path.slice(0, -1).join("\u0000");
    if (!covered.has(parent)) covered.set(parent, new Set());
    covered.get(parent)?.add(path[path.length - 1] as string);
  }
  for (const { kind, path } of named) {
    const diff = compare(at(start, path), at(end, path), covered.get(path.join("\u0000")) ?? new Set());
    if (diff) kinds.push([kind, diff]);
  }
  const topSkip = covered.get("") ?? new Set<string>();
  for (const key of new Set([...Object.keys(start), ...Object.keys(end)])) {
    if (topSkip.has(key)) continue;
    const s = start[key];
    const e = end[key];
    const collection = (s === undefined || isObject(s)) && (e === undefined || isObject(e));
    const one = (v: Json | undefined): JsonObject => (v === undefined ? {} : { [key]: v });
    const diff = collection ? compare(s, e, covered.get(key) ?? new Set()) : compare(one(s), one(e), new Set());
    if (diff) kinds.push([key, diff]);
  }
  kinds.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [kind, diff] of kinds) out[kind] = diff;
  return out;
}
