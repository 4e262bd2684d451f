// The world's functions as one JSONata block, so each function can call the others (they are
// bound in the block's frame, which every one of them closes over) and sees the call's $state,
// $world, clock and built-ins. The block is evaluated once per world: the closures it makes read
// the call's state, world, clock and randomness from a cell set before each use.
import jsonata from "jsonata";
import type { Clock, Json, JsonObject, Problem, RandomSource } from "../base/types.js";
import { builtinBindings } from "./builtins.js";
import { defaultUserId } from "../base/signedInUser.js";
import { callPureFunctions, Memo, memoized, pureFunctions, splitFunction } from "./memo.js";
import { compileTree, Unsupported, type Keep, type KeptKind } from "./compiled/compile.js";
import { isLambda } from "./compiled/values.js";
import type { WorldValues } from "./worldValues.js";
import type { WorldFunctions } from "./worldCall.js";

/** What the world's functions read for the call being answered (calls are answered one at a time). */
interface Cell {
  state: Json;
  /** The signed-in user (--auth), else the default persona: `$user`. */
  user: string;
  ms: number;
  random: RandomSource;
  data: Json;
}

/** `$state`, `$world` and `$user` in a function's source read the cell: `$state.x` -> `$__state().x`. */
function throughCell(source: string): string {
  return source.replace(/\$state\b/g, "$__state()").replace(/\$world\b/g, "$__world()").replace(/\$user\b/g, "$__user()");
}

/** One world function as its file declares it. */
export interface WorldFunctionSource {
  name: string;
  source: string;
  /** Line of the jsonata block's first line of code. */
  line: number;
}

/**
 * What an expression reads of the world: `$world` and the world's functions. The world room's
 * WorldSnapshot is one; the expression language knows no more of it.
 */
export interface ExpressionWorld {
  /** `$world`: every data block's keys, merged. */
  data: JsonObject;
  library: Library | undefined;
  /** The data's objects, whose sorted copies answers share; none: every answer copies its own. */
  values?: WorldValues;
  /** The world modules' functions (tools/_world/*.ts), bound as `$<name>`; none when there are none. */
  natives?: WorldFunctions;
}

export interface Library {
  /** Names without the `$`. */
  names: Set<string>;
  /**
   * The functions as JSONata bindings for one evaluation, acting for `user`, at `at` (the
   * clock's reading when not given). Answers are kept for as long as the same `clock` is passed:
   * the engine makes one per call.
   */
  bindingsFor(state: Json | undefined, clock: Clock, random: RandomSource, data: Json, user: string, at?: number): Record<string, unknown>;
  /**
   * The same functions made by the compiled evaluator (src/jsonata/compiled), for expressions it
   * compiled too; undefined when the block uses a construct it leaves to the interpreter.
   */
  fastBindingsFor?: (state: Json | undefined, clock: Clock, random: RandomSource, data: Json, user: string, at?: number) => Record<string, unknown>;
}

/** Line (1-based, in the block) of JSONata's character position. */
function lineAt(source: string, position: unknown): number {
  if (typeof position !== "number") return 0;
  return source.slice(0, position).split("\n").length - 1;
}

/** Which functions keep their answers, and how long (names without `$`): per world version, or for one call. */
function keptFunctions(fns: WorldFunctionSource[], natives: WorldFunctions | undefined): Map<string, KeptKind> {
  // A world module's function may read anything of the call: a JSONata function naming one is never kept.
  const names = natives ? [...natives.functions.keys()] : [];
  const native = names.length > 0 ? new RegExp(`\\$(${names.join("|")})\\b`) : undefined;
  const open = native ? fns.filter((fn) => !native.test(fn.source)) : fns;
  const pure = pureFunctions(fns, open);
  const callPure = callPureFunctions(fns, open);
  const kept = new Map<string, KeptKind>();
  for (const fn of fns) {
    // Only the shape memoized rewrites: both evaluators keep the same functions.
    if (!splitFunction(fn.source)) continue;
    if (pure.has(fn.name)) kept.set(fn.name.slice(1), "world");
    else if (callPure.has(fn.name)) kept.set(fn.name.slice(1), "call");
  }
  return kept;
}

/**
 * The block of every function, each bound to its name, its value an object of them all. For the
 * interpreter (`rewrite`) a kept function's source becomes its memoized form; the compiled
 * evaluator binds the source as written and keeps the answers itself (CompileOptions.kept).
 */
function blockOf(fns: WorldFunctionSource[], kept: Map<string, KeptKind>, rewrite: boolean): string {
  const source = (fn: WorldFunctionSource) => {
    const kind = rewrite ? kept.get(fn.name.slice(1)) : undefined;
    return kind ? memoized(fn.name, fn.source, kind) : fn.source;
  };
  const body = (fn: WorldFunctionSource) => throughCell(source(fn));
  return `(\n${fns.map((fn) => `${fn.name} := (\n${body(fn)}\n);`).join("\n")}\n{${fns.map((fn) => `${JSON.stringify(fn.name.slice(1))}: ${fn.name}`).join(", ")}}\n)`;
}

export function compileLibrary(functions: (WorldFunctionSource & { file: string })[], problems: Problem[], natives?: WorldFunctions): Library | undefined {
  let good: (WorldFunctionSource & { file: string })[] = [];
  const owner = new Map<string, string>();
  for (const fn of functions) {
    const first = owner.get(fn.name);
    if (first !== undefined) {
      problems.push({ file: fn.file, line: fn.line - 1, message: `function ${fn.name} is already defined in ${first} (each name is defined once across the world files)` });
      continue;
    }
    owner.set(fn.name, `${fn.file}:${fn.line - 1}`);
    good.push(fn);
  }
  if (good.length === 0) return undefined;
  // Parsed as one block; only when that fails, each function alone, to name the one that does
  // not parse (parsing each as well cost a third of loading the shipped world).
  let kept = keptFunctions(good, natives);
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(blockOf(good, kept, false));
  } catch {
    good = good.filter((fn) => {
      try {
        jsonata(fn.source);
      } catch (err) {
        const e = err as { message: string; position?: number };
        problems.push({ file: fn.file, line: fn.line + lineAt(fn.source, e.position), message: `function ${fn.name} does not parse: ${e.message}` });
        return false;
      }
      try {
        // As the block has it: $state, $world and $user read the call's, so they cannot be names of its own.
        jsonata(throughCell(fn.source));
        return true;
      } catch {
        problems.push({ file: fn.file, line: fn.line, message: `function ${fn.name} names a parameter or variable $state, $world or $user: those are the call's own; rename it (e.g. $owner)` });
        return false;
      }
    });
    if (good.length === 0) return undefined;
    kept = keptFunctions(good, natives);
    try {
      compiled = jsonata(blockOf(good, kept, false));
    } catch (err) {
      const first = good[0] as WorldFunctionSource & { file: string };
      problems.push({ file: first.file, line: first.line, message: `the world's functions do not compile together: ${(err as Error).message}` });
      return undefined;
    }
  }
  // Newlines keep each function's own line numbers readable in JSONata's messages. $state and
  // $world are read through accessors, so the closures are made once per world and each call
  // only points the cell at its own state, clock and randomness (making them per call cost
  // about 1.6 ms for 29 functions).
  const names = new Set(good.map((fn) => fn.name.slice(1)));
  // The interpreter's own block, each kept function in its memoized JSONata form, is written now
  // (text is cheap) and parsed and made on first use: the compiled evaluator answers every call it covers, so the interpreter
  // serves only its fallbacks (and CAREEM_JSONATA_CHECK). Made at load, it was a sixth of
  // loading the shipped world (57 against 69 ms).
  const interpreterBlock = blockOf(good, kept, true);
  let interpreter: BindingsFor | undefined;
  const interpreted: BindingsFor = (...args) => {
    interpreter ??= instantiate((bindings) => jsonata(interpreterBlock).evaluate(null, bindings) as Record<string, unknown>, natives);
    return interpreter(...args);
  };
  // The same block through the compiled evaluator, when it covers every construct the block uses.
  let fast: BindingsFor | undefined;
  try {
    const tree = compileTree(compiled.ast() as never, { kept });
    fast = instantiate((bindings) => tree(null, bindings) as Record<string, unknown>, natives);
  } catch (err) {
    // Unsupported: a construct left to the interpreter. Anything else the block threw while
    // being made, the interpreter's making may not: the interpreter's version serves.
    void (err instanceof Unsupported);
    fast = undefined;
  }
  const library: Library = { names, bindingsFor: interpreted, fastBindingsFor: fast };
  // A section whose block is not a function would fail every call that uses it: say so now
  // (through the evaluator calls will use, so the interpreter's block is not made for it).
  const probe = (fast ?? interpreted)({}, () => 0, { int: (min) => min, uuid: () => "00000000-0000-4000-8000-000000000000" }, {}, defaultUserId);
  for (const fn of good) {
    const value = probe[fn.name.slice(1)];
    const isFunction = fast ? isLambda(value) : (value as { _jsonata_lambda?: boolean } | undefined)?._jsonata_lambda === true;
    if (!isFunction) problems.push({ file: fn.file, line: fn.line, message: `${fn.name}'s block is not a function (write function($x) { ... })` });
  }
  return library;
}

type BindingsFor = Library["bindingsFor"];

/**
 * The world's functions made once from the evaluated block, with the cell they read the call
 * through and the answers they keep (each evaluator its own: their values are not shared).
 */
function instantiate(evaluateBlock: (bindings: Record<string, unknown>) => Record<string, unknown>, natives: WorldFunctions | undefined): BindingsFor {
  const cell: Cell = { state: null, user: defaultUserId, ms: 0, random: { int: (min) => min, uuid: () => "" }, data: {} };
  const clock = () => cell.ms;
  const random: RandomSource = { int: (min, max) => cell.random.int(min, max), uuid: () => cell.random.uuid() };
  const memo = new Memo();
  const made = evaluateBlock({
    __state: () => cell.state,
    __world: () => cell.data,
    __user: () => cell.user,
    // The user is part of every kept answer's key: a function may read `$user`, and two
    // personas asking alike must not share an answer.
    __memoKey: (name: string, ...args: unknown[]) => memo.key(name, [cell.user, ...args]),
    __callKey: (name: string, ...args: unknown[]) => memo.callKey(name, [cell.user, ...args]),
    __memoHas: (key: unknown) => memo.has(key),
    __memoGet: (key: string) => memo.get(key),
    __memoPut: (key: unknown, value: unknown) => memo.put(key, value),
    __keep: ((name, kind, fn) => memo.keep(name, kind, fn, () => cell.user)) satisfies Keep,
    ...builtinBindings(clock, random),
    ...natives?.bindings,
  });
  return (state, callClock, callRandom, data, user, at) => {
    cell.state = state ?? null;
    cell.user = user;
    cell.ms = at ?? callClock();
    cell.random = callRandom;
    cell.data = data;
    memo.use(data);
    memo.useCall(callClock, cell.state, data, cell.ms, cell.user);
    return made;
  };
}

/** What every expression and world function sees besides $args: the state, the world, the user, time, built-ins. */
export function baseBindings(state: Json | undefined, ms: number, random: RandomSource, data: Json, user: string): Record<string, unknown> {
  return { state: state ?? null, world: data, user, ...builtinBindings(() => ms, random) };
}
