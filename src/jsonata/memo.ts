// Remembered answers of the world's pure functions. JSONata 1.8 evaluates through generators
// and costs tens of microseconds per step: `$quikSearch` over 14 products was 20-70 ms, and a
// search_products call asks for it three times (its `json when` and two response keys). A
// function that reads neither the state, nor the clock, nor randomness (nor calls one that
// does) answers the same for the same arguments while the world's data is the same object, so
// its answer is kept per world version and per arguments; one that reads the state or the
// clock, for the call. The compiled evaluator keeps them in plain JS (Memo.keep, bound by
// `__keep` as the world's block binds each function). For the interpreter the rewrite stays in
// JSONata's public language: four plain JS functions (`$__memoKey`, `$__memoHas`, `$__memoGet`,
// `$__memoPut`) and the function's own body, evaluated only when no answer is kept.
import type { WorldFunctionSource } from "./library.js";
import { markLambda, settle } from "./compiled/values.js";

/** What makes a function's answer depend on more than its arguments and the world's data. */
const IMPURE = /\$state\b|\$(now|millis|random|newId|secondsSince|eval|shuffle)\s*\(/;

/**
 * What makes a function's answer differ between two evaluations with the same arguments, world
 * data, state document, user and instant: randomness, and text evaluated as code. A function
 * free of these but reading the state or the clock is remembered for one call (see Memo.useCall).
 */
const RANDOM = /\$(random|newId|eval|shuffle)\s*\(/;

/** `function($a, $b)<sig> { body }`: the parameters and the body, or undefined for other shapes. */
export function splitFunction(source: string): { params: string[]; signature: string; body: string } | undefined {
  const m = /^\s*function\s*\(([^)]*)\)\s*(<[^>{}]*>)?\s*\{([\s\S]*)\}\s*$/.exec(source);
  if (!m) return undefined;
  const params = (m[1] as string).split(",").map((p) => p.trim()).filter((p) => p.length > 0);
  if (!params.every((p) => /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(p))) return undefined;
  return { params, signature: m[2] ?? "", body: m[3] as string };
}

/** Names (with `$`) of the functions whose answers depend only on their arguments and the world's data. */
export function pureFunctions(fns: WorldFunctionSource[], open: WorldFunctionSource[] = fns): Set<string> {
  return functionsFree(fns, IMPURE, open);
}

/** Names (with `$`) of the functions that, at one instant, state and user, answer alike for alike arguments. */
export function callPureFunctions(fns: WorldFunctionSource[], open: WorldFunctionSource[] = fns): Set<string> {
  return functionsFree(fns, RANDOM, open);
}

/** The functions whose source, and every world function they call, never matches `impure` (only `open` ones can be). */
function functionsFree(fns: WorldFunctionSource[], impure: RegExp, open: WorldFunctionSource[]): Set<string> {
  const byName = new Map(fns.map((fn) => [fn.name, fn.source]));
  const openNames = new Set(open.map((fn) => fn.name));
  const verdict = new Map<string, boolean>();
  const pure = (name: string, path: Set<string>): boolean => {
    const known = verdict.get(name);
    if (known !== undefined) return known;
    // A cycle (mutual recursion) is as pure as the rest of its members.
    if (path.has(name)) return true;
    const source = byName.get(name) as string;
    path.add(name);
    const callees = [...source.matchAll(/(\$[A-Za-z_][A-Za-z0-9_]*)\s*\(/g)].map((m) => m[1] as string).filter((n) => byName.has(n));
    const result = openNames.has(name) && !impure.test(source) && callees.every((callee) => pure(callee, path));
    path.delete(name);
    if (path.size === 0 || !result) verdict.set(name, result);
    return result;
  };
  return new Set(fns.map((fn) => fn.name).filter((name) => pure(name, new Set())));
}

/**
 * The function's source with its body evaluated only when no answer is kept for these arguments:
 * kept per world version (`world`, pure functions) or for one call (`call`).
 */
export function memoized(name: string, source: string, kept: "world" | "call" = "world"): string {
  const parts = splitFunction(source);
  if (!parts) return source;
  const args = parts.params.join(", ");
  const keyOf = kept === "world" ? "$__memoKey" : "$__callKey";
  // On one line before the body, so the body's lines stay where the file has them.
  return `function(${args})${parts.signature} { ( $__k := ${keyOf}(${JSON.stringify(name)}${args ? `, ${args}` : ""}); $__memoHas($__k) ? $__memoGet($__k) : $__memoPut($__k, (${parts.body})) ) }`;
}

/** Most answers kept per world version: a client can make us keep only this many. */
export const MEMO_LIMIT = 5_000;

const UNDEFINED = Symbol("nothing");

/** The key of a function of no parameters' answer in its level of a call's tree. */
const NO_ARGUMENTS = Symbol("no arguments");

interface CallTree {
  root: Map<unknown, unknown>;
  size: number;
}

/** One context of a call: what its kept answers depend on besides the arguments. */
interface CallContext {
  state: unknown;
  data: unknown;
  ms: number;
  user: string;
  /** The interpreter's keys begin with it. */
  prefix: string;
  /** The compiled evaluator's answers. */
  tree: CallTree;
}

/** Marks a key of the answers kept for one call. */
const CALL = "\u0001";

/** The JS side: one map per world data object, one per call, each emptied when full. */
export class Memo {
  private byData = new WeakMap<object, Map<string, unknown>>();
  private current = new Map<string, unknown>();
  private currentData: object | undefined;
  /**
   * Answers kept for one call: the call's clock (a function the engine makes per call) names
   * it. Calls are answered one at a time, so only the latest call's are kept: a new clock
   * starts over (an old clock seen again would only compute again). Kept per clock in WeakMaps
   * before, whose inserts and lookups on every evaluation (five per get_ride_status call) were
   * a tenth of an evaluation.
   */
  private callClock: object | undefined;
  /** The interpreter's answers for the call, under keys that begin with the context's prefix. */
  private call: Map<string, unknown> | undefined;
  /** The call's contexts (data, state document, instant, user) by prefix and user. */
  private contexts = new Map<string, CallContext>();
  private context: CallContext | undefined;
  private ids = new WeakMap<object, number>();
  private nextId = 1;

  /** Point at the world's data of the call (the same object while no world file changed). */
  use(data: unknown): void {
    if (typeof data !== "object" || data === null) {
      this.current = new Map();
      this.currentData = undefined;
      return;
    }
    if (data === this.currentData) return;
    let map = this.byData.get(data);
    if (!map) this.byData.set(data, (map = new Map()));
    this.current = map;
    this.currentData = data;
  }

  /**
   * Point at the call's answers. `clock` is the call's (the engine makes one per call, fixed at
   * its instant); the state document, the world's data and the instant are part of every key,
   * so an answer is only ever reused where the function would compute the same.
   */
  useCall(clock: object, state: unknown, data: unknown, ms: number, user: string): void {
    if (clock !== this.callClock) {
      this.callClock = clock;
      this.call = new Map();
      this.contexts = new Map();
      this.context = undefined;
    }
    const now = this.context;
    if (now && now.state === state && now.data === data && now.ms === ms && now.user === user) return;
    const prefix = `${CALL}${this.idOf(data)}\u0000${this.idOf(state)}\u0000${ms}\u0000`;
    let context = this.contexts.get(prefix + user);
    if (!context) this.contexts.set(prefix + user, (context = { state, data, ms, user, prefix, tree: { root: new Map(), size: 0 } }));
    this.context = context;
  }

  /**
   * `fn` answering from what is kept, as the memoized rewrite of its source does for the
   * interpreter, in plain JS (the compiled evaluator's `__keep`): per world version and user
   * (`world`: keyed by the arguments' JSON), or for the call (`call`: a map per argument, an
   * object by identity, as identityKey keys them). An argument that is a function keeps nothing.
   * The answer is settled, as the rewrite's (a JSONata call's value) is.
   */
  keep(name: string, kind: "world" | "call", fn: (...args: unknown[]) => unknown, user: () => string): (...args: unknown[]) => unknown {
    const compute = (args: unknown[]): unknown => settle(fn(...args));
    const answer =
      kind === "world"
        ? (args: unknown[]): unknown => {
            const key = this.key(name, [user(), ...args]);
            if (key === undefined) return compute(args);
            return this.has(key) ? this.get(key) : this.put(key, compute(args));
          }
        : (args: unknown[]): unknown => this.keptForCall(name, args, compute);
    // JSONata passes a callback as many arguments as it declares: the same length as fn.
    let kept: (...args: unknown[]) => unknown;
    switch (fn.length) {
      case 0:
        kept = () => answer([]);
        break;
      case 1:
        kept = (a: unknown) => answer([a]);
        break;
      case 2:
        kept = (a: unknown, b: unknown) => answer([a, b]);
        break;
      case 3:
        kept = (a: unknown, b: unknown, c: unknown) => answer([a, b, c]);
        break;
      default:
        kept = (...args: unknown[]) => answer(args.slice(0, fn.length));
        Object.defineProperty(kept, "length", { value: fn.length });
    }
    return markLambda(kept);
  }

  private keptForCall(name: string, args: unknown[], compute: (args: unknown[]) => unknown): unknown {
    const tree = this.context?.tree;
    if (!tree) return compute(args);
    for (const arg of args) if (typeof arg === "function") return compute(args);
    let level = tree.root.get(name) as Map<unknown, unknown> | undefined;
    if (!level) tree.root.set(name, (level = new Map()));
    // One level per argument but the last; the last (or, with none, NO_ARGUMENTS) holds the answer.
    for (let i = 0; i < args.length - 1; i++) {
      let next = level.get(args[i]) as Map<unknown, unknown> | undefined;
      if (!next) level.set(args[i], (next = new Map()));
      level = next;
    }
    const last = args.length > 0 ? args[args.length - 1] : NO_ARGUMENTS;
    if (level.has(last)) {
      const kept = level.get(last);
      return kept === UNDEFINED ? undefined : kept;
    }
    const value = compute(args);
    // The limit the string-keyed maps have: full, the call starts over (it only costs recomputing).
    if (tree.size >= MEMO_LIMIT) {
      tree.root.clear();
      tree.size = 0;
      return value;
    }
    level.set(last, value === undefined ? UNDEFINED : value);
    tree.size++;
    return value;
  }

  private idOf(value: unknown): number {
    if (typeof value !== "object" || value === null) return 0;
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.nextId++));
    return id;
  }

  /** A key of the call's answers, or undefined (nothing kept). */
  callKey(name: string, args: unknown[]): string | undefined {
    const key = this.call ? this.identityKey(name, args) : undefined;
    return key === undefined || !this.context ? undefined : this.context.prefix + key;
  }

  /** A key for JSON arguments; undefined (nothing kept) when an argument is a function. */
  key(name: string, args: unknown[]): string | undefined {
    let key = name;
    for (const arg of args) {
      if (arg === undefined) key += "\u0000-";
      else if (typeof arg === "function" || (typeof arg === "object" && arg !== null && holdsFunction(arg))) return undefined;
      else key += `\u0000${JSON.stringify(arg)}`;
    }
    return key;
  }

  /**
   * A key for one call's answers: an object argument by identity, not by its JSON. Values are
   * never changed once made, and within a call the same ride or basket is passed on as the same
   * object (a kept answer is that object), so identity finds what JSON would, without writing a
   * whole ride out for every `$rideStatusOf`. Per call only: across calls, objects are new.
   */
  private identityKey(name: string, args: unknown[]): string | undefined {
    let key = name;
    for (const arg of args) {
      if (arg === undefined) key += "\u0000-";
      else if (typeof arg === "function") return undefined;
      else if (typeof arg === "object" && arg !== null) key += `\u0000#${this.idOf(arg)}`;
      else key += `\u0000${JSON.stringify(arg)}`;
    }
    return key;
  }

  private mapOf(key: string): Map<string, unknown> {
    return key.startsWith(CALL) ? (this.call as Map<string, unknown>) : this.current;
  }

  has(key: unknown): boolean {
    return typeof key === "string" && this.mapOf(key).has(key);
  }

  get(key: string): unknown {
    const value = this.mapOf(key).get(key);
    return value === UNDEFINED ? undefined : value;
  }

  put(key: unknown, value: unknown): unknown {
    if (typeof key !== "string") return value;
    const map = this.mapOf(key);
    if (map.size >= MEMO_LIMIT) map.clear();
    map.set(key, value === undefined ? UNDEFINED : value);
    return value;
  }

  get size(): number {
    return this.current.size;
  }
}

/** A JSONata lambda (an object JSON would flatten to its parts) anywhere inside. */
function holdsFunction(value: object): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "function") return true;
    if (typeof v !== "object" || v === null) continue;
    if ("body" in v && "environment" in v && "arguments" in v) return true;
    for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}
