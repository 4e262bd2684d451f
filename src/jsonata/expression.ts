// JSONata expressions for reading state and arguments in tool files (`{{= ...}}` and
// `json when`). JSONata 1.8 evaluates synchronously, so the call pipeline stays a plain
// function; results are turned back into plain JSON values before they reach a response. The
// world's rules are not JSONata: they are the world modules' functions, bound as `$<name>` and
// called as plain JS functions (worldCall.ts).
import { randomInt, randomUUID } from "node:crypto";
import jsonata from "jsonata";
import type { Clock, Json, RandomSource } from "../base/types.js";
import { Interned } from "../base/interned.js";
import { setOwn } from "../base/setOwn.js";
import { goKeyCompare } from "../goJson/keyOrder.js";
import { sortKeys } from "../goJson/sortKeys.js";
import { baseBindings } from "./library.js";
import { BUILTIN_NAMES, newId } from "./builtins.js";
import type { WorldCall } from "./worldCall.js";
import { defaultUserId } from "../base/signedInUser.js";
import type { ExpressionWorld } from "./library.js";
import type { WorldValues } from "./worldValues.js";
import { namesOf, type ExpressionNames } from "./names.js";

export class ExpressionError extends Error {}

export interface ExpressionScope {
  args: Json;
  state?: Json;
  /** The rendered answer, for `json then` operations that keep what the answer said. */
  response?: Json;
  clock: Clock;
  /** `$world` and the world's functions; none outside a catalog (unit tests). */
  world?: ExpressionWorld;
  /** For `$newId`; ids are then deterministic in tests. */
  random?: RandomSource;
  /** Who the call acts for (`$user`): the signed-in user, else the default persona. */
  user?: string;
  /**
   * The value's objects with their keys in Go's map order at every depth (as sortKeys leaves
   * them), for an answer rendered sorted: copied so once, not copied and then sorted.
   */
  sortedKeys?: boolean;
}

export interface Expression {
  source: string;
  /** The names it reads, from its parsed tree. */
  names: ExpressionNames;
  /** Names $state: the state is read only for expressions that do. */
  readsState: boolean;
  /** undefined is JSONata's "nothing" (no match): a response drops a key whose value is nothing. */
  evaluate(scope: ExpressionScope): Json | undefined;
}

/** JSONata's own result as plain JSON: sequences lose their markers, functions become null. */
function plain(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "function") return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as Json);
}

/** A function in an answer (a lambda as the value): JSON.stringify writes it its own way, so that answer is copied through text. */
class FunctionInAnswer extends Error {}

/** `shared`: the world's objects, whose sorted copies are made once and shared (WorldValues). */
function copyJson(value: unknown, sorted: boolean, shared?: WorldValues): Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value as Json;
  if (typeof value === "number") return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
  if (typeof value === "function") throw new FunctionInAnswer();
  // A world object's copy is made once (no closure per call to make it: this runs per object).
  if (shared !== undefined && typeof value === "object" && shared.has(value)) return shared.sortedCopy(value) ?? shared.keepSortedCopy(value, copyFresh(value, sorted, shared));
  return copyFresh(value, sorted, shared);
}

function copyFresh(value: unknown, sorted: boolean, shared: WorldValues | undefined): Json {
  if (Array.isArray(value)) {
    const out: Json[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = item === undefined ? null : copyJson(item, sorted, shared);
    }
    return out;
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, Json> = {};
    const keys = Object.keys(value);
    if (sorted) keys.sort(goKeyCompare);
    for (const key of keys) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      setOwn(out, key, copyJson(item, sorted, shared));
    }
    return out;
  }
  return null; // bigint and symbol never come out of JSONata; JSON.stringify would throw or drop them
}

/**
 * One compiled expression per distinct text, however many files or file versions use it. A
 * compiled JSONata expression keeps its whole parser alive (about 40 closures): 2,000 files
 * with three expressions each held about 6,000 parsers, tens of MiB.
 */
const shared = new Interned<Expression>();

/** Compile once per distinct text; throws ExpressionError with JSONata's reason. */
export function compileExpression(source: string): Expression {
  return shared.get(source, () => compile(source));
}

/** JSONata's own functions and ours: any other `$name(` is a world function (or a local one). */
const KNOWN_FUNCTIONS = new Set([
  ...BUILTIN_NAMES,
  ..."sum count max min average string substring substringBefore substringAfter lowercase uppercase length trim pad match contains replace split join formatNumber formatBase formatInteger parseInteger number floor ceil round abs sqrt power random boolean not map zip filter single reduce sift keys lookup append exists spread merge reverse each error assert type sort shuffle distinct base64encode base64decode encodeUrlComponent encodeUrl decodeUrlComponent decodeUrl eval toMillis fromMillis clone now millis".split(" "),
]);

/** The call's own variables, bound for every expression. */
export const CALL_VARIABLES = new Set(["args", "response", "world", "user", "state", "$"]);

/** Whether `name` is JSONata's, a built-in or the call's own: anything else an expression names is a world function. */
export function isLanguageName(name: string): boolean {
  return KNOWN_FUNCTIONS.has(name) || CALL_VARIABLES.has(name);
}

const fallbackRandom: RandomSource = {
  int: (min, max) => randomInt(min, max + 1),
  uuid: () => randomUUID(),
};

function compile(source: string): Expression {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(source);
  } catch (err) {
    throw new ExpressionError(`expression ${JSON.stringify(source)} does not parse: ${(err as Error).message}`);
  }
  const names = namesOf(compiled.ast());
  // The world functions it names (called or passed by reference): only these are bound for it.
  const worldNames = [...names.free].filter((name) => !isLanguageName(name));
  return {
    source,
    names,
    // A world function may read the state: an expression naming one reads it.
    readsState: names.free.has("state") || worldNames.length > 0,
    evaluate(scope) {
      const random = scope.random ?? fallbackRandom;
      const ms = scope.clock();
      const data = scope.world?.data ?? {};
      const user = scope.user ?? defaultUserId;
      const natives = scope.world?.natives;
      const bindings = baseBindings(scope.state, ms, random, data, user);
      bindings.args = scope.args;
      bindings.response = scope.response ?? null;
      if (natives) for (const name of worldNames) if (name in natives.bindings) bindings[name] = natives.bindings[name];
      const before = natives?.enter({ world: data, state: scope.state ?? null, user, now: ms, newId: (prefix) => newId(random, prefix), random } satisfies WorldCall);
      let value: unknown;
      try {
        value = compiled.evaluate(scope.args, bindings);
      } catch (err) {
        throw new ExpressionError(`expression ${JSON.stringify(source)} failed: ${(err as Error).message}`);
      } finally {
        natives?.leave(before);
      }
      const sorted = scope.sortedKeys === true;
      try {
        return value === undefined ? undefined : copyJson(value, sorted, sorted ? scope.world?.values : undefined);
      } catch (err) {
        if (!(err instanceof FunctionInAnswer)) throw err;
        const text = plain(value);
        return sorted ? (sortKeys(text) as Json | undefined) : text;
      }
    },
  };
}

/** JSONata's truthiness ($boolean): false, null, 0, "", [] and {} are false. */
export function truthy(value: Json | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.some(truthy);
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}
