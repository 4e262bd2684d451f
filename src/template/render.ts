// Render a compiled template for one call. Single pass: text an argument brings in is never
// scanned again, so `{{uuid}}` inside an argument stays literal text.
import { formatDubai, isoUtc } from "../base/dubaiTime.js";
import { goKeyCompare } from "../goJson/keyOrder.js";
import { sortKeys } from "../goJson/sortKeys.js";
import type { Placeholder } from "./placeholder.js";
import type { Template, TemplateNode } from "./template.js";
import type { Clock, Json, RandomSource } from "../base/types.js";
import { setOwn } from "../base/setOwn.js";
import type { ExpressionWorld } from "../jsonata/library.js";

export interface RenderContext {
  args: Record<string, Json>;
  clock: Clock;
  random: RandomSource;
  /** The session's state, for `{{= ...}}` expressions that read `$state`. */
  state?: Json;
  /** The answer already rendered, for `json then` operations. */
  response?: Json;
  /** `$world` and its functions, for `{{= ...}}` expressions. */
  world?: ExpressionWorld;
  /** Who the call acts for (`$user`); the default persona when unset. */
  user?: string;
  /**
   * Told of a placeholder that rendered as nothing inside a sentence ("Order placed at . "):
   * `check --walk` fails on it. A string that is the placeholder alone is a value, not told.
   */
  onEmptyInText?: (placeholder: string) => void;
}

/** Follow `items.0.quantity` through own properties only: never the prototype chain. */
function lookupArgument(args: Record<string, Json>, path: string[]): Json | undefined {
  let current: Json | undefined = args;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, Json>)[segment];
  }
  return current;
}

function timeValue(ph: Extract<Placeholder, { kind: "time" }>, clock: Clock): string | number {
  let ms = clock() + ph.offsetMs;
  if (ph.roundMs > 0) ms = Math.floor(ms / ph.roundMs) * ph.roundMs;
  // Every time placeholder has whole-second precision, as production prints it.
  ms = Math.floor(ms / 1000) * 1000;
  if (ph.unit === "unix") return ms / 1000;
  if (ph.unit === "unixms") return ms;
  return ph.format ? formatDubai(ms, ph.format) : isoUtc(ms);
}

/** Typed value of a placeholder standing alone where a JSON value goes; undefined only for a `{{= }}` that found nothing. */
function bareValue(ph: Placeholder, ctx: RenderContext, sortedKeys = false): Json | undefined {
  switch (ph.kind) {
    case "arg": {
      const value = lookupArgument(ctx.args, ph.path);
      return value === undefined ? null : value;
    }
    case "time":
      return timeValue(ph, ctx.clock);
    case "uuid":
      return ctx.random.uuid();
    case "rand":
      return ctx.random.int(ph.min, ph.max);
    case "expr":
      return ph.expression.evaluate({ args: ctx.args, state: ctx.state, response: ctx.response, clock: ctx.clock, world: ctx.world, random: ctx.random, user: ctx.user, sortedKeys });
  }
}

/** Text of a placeholder inside a string: objects as compact JSON, missing arguments as "". */
function textValue(ph: Placeholder, ctx: RenderContext): string {
  const value = bareValue(ph, ctx);
  if (value === undefined) return "";
  if (ph.kind === "arg" && (value === null || value === undefined)) {
    return value === null && lookupArgument(ctx.args, ph.path) === null ? "null" : "";
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Sorted forms of a template's constant parts, made once per node: a literal subtree (frozen, as
 * it is shared by every answer that renders it) and an object node's entries in key order.
 */
const sortedLiterals = new WeakMap<TemplateNode, Json>();
const sortedEntries = new WeakMap<TemplateNode, [string, TemplateNode][]>();

function sortedLiteral(node: Extract<TemplateNode, { t: "literal" }>): Json {
  let value = sortedLiterals.get(node);
  if (value === undefined) sortedLiterals.set(node, (value = deepFreeze(sortKeys(node.value) as Json)));
  return value;
}

function entriesOf(node: Extract<TemplateNode, { t: "object" }>, sorted: boolean): [string, TemplateNode][] {
  if (!sorted) return node.entries;
  let entries = sortedEntries.get(node);
  if (!entries) sortedEntries.set(node, (entries = [...node.entries].sort(([a], [b]) => goKeyCompare(a, b))));
  return entries;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * undefined: an expression found nothing, and the key or array item that holds it is left out.
 * `sorted`: every object's keys in sorted order, as sortKeys would leave them.
 */
function renderNode(node: TemplateNode, ctx: RenderContext, sorted: boolean): Json | undefined {
  switch (node.t) {
    case "literal":
      return sorted ? sortedLiteral(node) : node.value;
    case "bare": {
      // An expression's value comes sorted from its copy out of JSONata; any other is sorted here.
      if (sorted && node.ph.kind === "expr") return bareValue(node.ph, ctx, true);
      const value = bareValue(node.ph, ctx);
      return sorted && value !== null && typeof value === "object" ? (sortKeys(value) as Json) : value;
    }
    case "text": {
      let out = "";
      for (const part of node.parts) {
        if (typeof part === "string") {
          out += part;
          continue;
        }
        const text = textValue(part, ctx);
        if (text === "" && ctx.onEmptyInText && node.parts.some((p) => typeof p === "string" && p.trim() !== "")) ctx.onEmptyInText(`{{${part.source}}}`);
        out += text;
      }
      return out;
    }
    case "array": {
      const out: Json[] = [];
      for (const item of node.items) {
        const value = renderNode(item, ctx, sorted);
        if (value !== undefined) out.push(value);
      }
      return out;
    }
    case "object": {
      // A plain loop: this runs for every object of every response, so its cost is paid on
      // every call.
      const out: Record<string, Json> = {};
      for (const [key, node_] of entriesOf(node, sorted)) {
        const value = renderNode(node_, ctx, sorted);
        if (value === undefined) continue;
        setOwn(out, key, value);
      }
      return out;
    }
  }
}

export function render(template: Template, ctx: RenderContext): Json {
  const value = renderNode(template.root, ctx, false);
  return value === undefined ? null : value;
}

/**
 * Whether renderSorted serves this template in place of sortKeys(render(...)): its root is an
 * object, or one placeholder alone (a `{{= ...}}` answer, its value sorted as it is copied; one
 * that is no object comes as it is). A root array or scalar is not sorted by the engine, so
 * neither are the objects inside it.
 */
export function rendersSorted(template: Template): boolean {
  const root = template.root;
  return root.t === "object" || root.t === "bare" || (root.t === "literal" && root.value !== null && typeof root.value === "object" && !Array.isArray(root.value));
}

/**
 * sortKeys(render(template, ctx)) without the copy: objects are built in sorted key order, and
 * constant subtrees come sorted and frozen, shared by every call (callers must not change the
 * answer; nothing does: it is written out as text). Only for templates rendersSorted accepts.
 */
export function renderSorted(template: Template, ctx: RenderContext): Json {
  const value = renderNode(template.root, ctx, true);
  return value === undefined ? null : value;
}
