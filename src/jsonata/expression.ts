// JSONata expressions for reading state and arguments in tool files (`{{= ...}}` and
// `json when`). JSONata 1.8 evaluates synchronously, so the call pipeline stays a plain
// function; results are turned back into plain JSON values before they reach a response.
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
import { compileTree, Unsupported } from "./compiled/compile.js";
import type { WorldValues } from "./worldValues.js";

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

class FunctionInAnswer extends Error {}

/**
 * The compiled evaluator's result as plain JSON, copied as JSON.stringify then JSON.parse would
 * make it (nothing-valued keys dropped, nothing in an array as null, NaN and ±Infinity as null,
 * -0 as 0, a sequence as a plain array), without writing the text. A function in it (a lambda as
 * the answer) is written by the interpreter as its own lambda object: that answer is left to it.
 */
function plainCompiled(value: unknown, sorted: boolean, world: WorldValues | undefined): Json | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "function") throw new FunctionInAnswer();
  return copyJson(value, sorted, sorted ? world : undefined);
}

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

/** The call's own variables: naming one reads nothing a world function could. */
const CALL_VARIABLES = new Set(["args", "response", "world", "user"]);

/**
 * Whether the source names a function that is not JSONata's or a built-in, called or passed by
 * reference (`$filter(xs, $isPast)`): a world function may read the state and the clock.
 */
function namesWorldFunction(source: string): boolean {
  for (const m of source.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)) if (!KNOWN_FUNCTIONS.has(m[1] as string) && !CALL_VARIABLES.has(m[1] as string) && m[1] !== "state") return true;
  return false;
}

const fallbackRandom: RandomSource = {
  int: (min, max) => randomInt(min, max + 1),
  uuid: () => randomUUID(),
};

/**
 * `CAREEM_JSONATA_CHECK=1`: every compiled evaluation is checked against the interpreter's, and a
 * difference fails the call (test/jsonata runs the catalog so). Read once: it is a test switch.
 */
const checkAgainstInterpreter = process.env.CAREEM_JSONATA_CHECK === "1";

function compile(source: string): Expression {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(source);
  } catch (err) {
    throw new ExpressionError(`expression ${JSON.stringify(source)} does not parse: ${(err as Error).message}`);
  }
  let fast: ReturnType<typeof compileTree> | undefined;
  try {
    fast = compileTree(compiled.ast() as never);
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
  }
  const bindingsOf = (scope: ExpressionScope, random: RandomSource, made: Record<string, unknown> | undefined): Record<string, unknown> => {
    const ms = scope.clock();
    const data = scope.world?.data ?? {};
    const user = scope.user ?? defaultUserId;
    return { ...made, ...scope.world?.natives?.bindings, ...baseBindings(scope.state, ms, random, data, user), args: scope.args, response: scope.response ?? null };
  };
  // The call's own clock, not a copy: the world's functions key what they keep for the call on it.
  const libraryFor = (scope: ExpressionScope, random: RandomSource, which: "fast" | "interpreted"): Record<string, unknown> | undefined => {
    const lib = scope.world?.library;
    if (!lib) return undefined;
    const data = scope.world?.data ?? {};
    const user = scope.user ?? defaultUserId;
    const ms = scope.clock();
    return which === "fast" ? lib.fastBindingsFor?.(scope.state, scope.clock, random, data, user, ms) : lib.bindingsFor(scope.state, scope.clock, random, data, user, ms);
  };
  const interpret = (scope: ExpressionScope, random: RandomSource): Json | undefined => {
    const natives = scope.world?.natives;
    const before = natives?.enter(callOf(scope, random));
    try {
      const value = plain(compiled.evaluate(scope.args, bindingsOf(scope, random, libraryFor(scope, random, "interpreted"))));
      return scope.sortedKeys ? (sortKeys(value) as Json | undefined) : value;
    } catch (err) {
      throw new ExpressionError(`expression ${JSON.stringify(source)} failed: ${(err as Error).message}`);
    } finally {
      natives?.leave(before);
    }
  };
  return {
    source,
    // A world function may read the state: an expression naming one reads it.
    readsState: source.includes("$state") || namesWorldFunction(source),
    evaluate(scope) {
      const random = scope.random ?? fallbackRandom;
      const library = scope.world?.library;
      // Compiled only where the world's functions are too: the two evaluators' function values do not mix.
      if (!fast || (library && !library.fastBindingsFor)) return interpret(scope, random);
      const drawn = checkAgainstInterpreter ? recording(random) : undefined;
      let value: Json | undefined;
      const natives = scope.world?.natives;
      const before = natives?.enter(callOf(scope, drawn ?? random));
      try {
        const use = drawn ?? random;
        value = plainCompiled(fast(scope.args, bindingsOf(scope, use, undefined), libraryFor(scope, use, "fast")), scope.sortedKeys === true, scope.world?.values);
      } catch {
        // The interpreter says what went wrong, in its own words (or, if it disagrees, answers).
        natives?.leave(before);
        return interpret(scope, random);
      }
      natives?.leave(before);
      if (drawn) {
        const reference = interpret(scope, drawn.replay());
        if (JSON.stringify(reference) !== JSON.stringify(value)) {
          throw new ExpressionError(`expression ${JSON.stringify(source)}: the compiled evaluator answered ${JSON.stringify(value)}, the interpreter ${JSON.stringify(reference)}`);
        }
      }
      return value;
    },
  };
}

/** What a world module's function is handed for this evaluation. */
function callOf(scope: ExpressionScope, random: RandomSource): WorldCall {
  return { world: scope.world?.data ?? {}, state: scope.state ?? null, user: scope.user ?? defaultUserId, now: scope.clock(), newId: (prefix) => newId(random, prefix), random };
}

/** A random source that keeps what it gave, so a second evaluation can be given the same. */
function recording(random: RandomSource): RandomSource & { replay(): RandomSource } {
  const ints: number[] = [];
  const uuids: string[] = [];
  return {
    int: (min, max) => {
      const n = random.int(min, max);
      ints.push(n);
      return n;
    },
    uuid: () => {
      const u = random.uuid();
      uuids.push(u);
      return u;
    },
    replay: () => {
      let i = 0;
      let u = 0;
      return { int: (min, max) => (i < ints.length ? (ints[i++] as number) : random.int(min, max)), uuid: () => (u < uuids.length ? (uuids[u++] as string) : random.uuid()) };
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
