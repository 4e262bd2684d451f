// JSONata's parsed tree turned into plain JS closures, once per expression. JSONata 1.8 walks
// its tree through generators on every evaluation, looking two callbacks up the whole frame
// chain per node: a world function call cost milliseconds. The closures keep the interpreter's
// rules (sequences and their flattening, singleton results, predicates, grouping, casting,
// errors thrown where it throws) and cover the language the catalog writes; a construct they do
// not cover (tuple streams, sorting, transforms, partial application, signatures, `$eval`) makes
// the expression Unsupported and it stays with the interpreter.
import { natives, regexOf, stringOf, type Lambda, type Native } from "./natives.js";
import { append, deepEqual, isArrayOfNumbers, isNumeric, isSequence, isLambda, lookupName, markLambda, sequence, settle, truthy, type Sequence } from "./values.js";

/** A construct the compiled evaluator leaves to the interpreter. */
export class Unsupported extends Error {}

/**
 * Where variables live at run time. The interpreter's frames are dictionaries looked up the
 * whole chain; ours mirror the same chain (a block's frame inside the current one, a lambda
 * call's inside the frame the lambda was made in) with a slot per name each scope binds, so a
 * variable is found by walking a known number of frames. A slot is UNSET until its `:=` ran:
 * before that (or when the `:=` sat in a branch not taken) the name is the enclosing one's.
 */
interface Frame {
  slots: unknown[];
  parent: Frame | undefined;
  /** The evaluation's bindings (its `$args`, `$state`, functions …) and `$`: what no scope binds. */
  globals: Record<string, unknown>;
}
type Ev = (input: unknown, env: Frame) => unknown;

const UNSET: unique symbol = Symbol("unset");

/** Compile-time scope: the names a block, a lambda or the whole expression binds itself. */
interface Scope {
  slots: Map<string, number>;
  parent: Scope | undefined;
  /** The root block's names whose function is kept (`CompileOptions.kept`); only in that block's scope. */
  kept?: ReadonlyMap<string, KeptKind>;
}

/** How long a world function's answers are kept: per world version, or for one call (src/jsonata/memo.ts). */
export type KeptKind = "world" | "call";

/**
 * A binding named `__keep` in the evaluation: given a function the root block binds under a
 * kept name, the function to bind instead (one that answers from what it kept).
 */
export type Keep = (name: string, kind: KeptKind, fn: (...args: unknown[]) => unknown) => unknown;

export interface CompileOptions {
  /**
   * Names (without `$`) the root block binds to functions whose answers are kept: each such
   * function, when bound, goes through the evaluation's `__keep`. The world's functions block
   * keeps them so in plain JS; the interpreter keeps the same answers through a rewrite of their
   * source into JSONata (memoized), which costs three JSONata calls and a key text per call.
   */
  kept?: ReadonlyMap<string, KeptKind>;
}

/** The parts of JSONata's tree we read (jsonata's `ExprNode` leaves most of them out). */
interface Node {
  type: string;
  value?: unknown;
  steps?: Node[];
  stages?: { type: string; expr: Node }[];
  predicate?: { type: string; expr: Node }[];
  group?: { lhs: [Node, Node][] };
  lhs?: Node | [Node, Node][];
  rhs?: Node;
  expression?: Node;
  expressions?: Node[];
  condition?: Node;
  then?: Node;
  else?: Node;
  procedure?: Node;
  arguments?: Node[];
  body?: Node;
  signature?: unknown;
  consarray?: boolean;
  [flag: string]: unknown;
}

const NATIVES: Record<string, Native> = natives(isLambda as (v: unknown) => v is Lambda);

const UNSUPPORTED_TYPES = new Set(["descendant", "parent", "partial", "apply", "transform", "sort"]);
const UNSUPPORTED_FLAGS = ["tuple", "focus", "index", "ancestor", "keepArray", "keepSingletonArray", "seekingParent"];

function fail(code: string, message: string): never {
  throw Object.assign(new Error(`${code}: ${message}`), { code });
}

/** A JSONata function call or reference by name the interpreter would resolve to a built-in we cannot copy as a value. */
function checkNode(node: Node): void {
  if (UNSUPPORTED_TYPES.has(node.type)) throw new Unsupported(`${node.type} expressions`);
  for (const flag of UNSUPPORTED_FLAGS) if (node[flag] !== undefined && node[flag] !== false) throw new Unsupported(`the ${flag} flag`);
}

/**
 * `bindings` are the evaluation's own; `shared`, when given, is looked up after them: the
 * world's functions, the same object for every call, so no call copies them.
 */
export type Compiled = (input: unknown, bindings: Record<string, unknown>, shared?: Record<string, unknown>) => unknown;

/** A shared bindings object as a prototype: a copy without Object.prototype under it, made once. */
const sharedFrames = new WeakMap<object, Record<string, unknown>>();

function sharedFrame(shared: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!shared) return null;
  let frame = sharedFrames.get(shared);
  if (!frame) sharedFrames.set(shared, (frame = Object.assign(Object.create(null) as Record<string, unknown>, shared)));
  return frame;
}

export function compileTree(root: Node, options: CompileOptions = {}): Compiled {
  const scope = scopeOf(undefined, [], [root]);
  if (options.kept && root.type === "block") scope.kept = options.kept;
  const ev = node(root, scope);
  const size = scope.slots.size;
  return (input, bindings, shared) => {
    const globals = Object.assign(Object.create(sharedFrame(shared)) as Record<string, unknown>, bindings);
    globals.$ = input;
    let context = input;
    if (Array.isArray(input) && !isSequence(input)) {
      const wrapped = sequence(input);
      wrapped.outerWrapper = true;
      context = wrapped;
    }
    return ev(context, { slots: new Array(size).fill(UNSET), parent: undefined, globals });
  };
}

/** A new scope holding `params` and every name `:=` binds in `parts`, outside nested blocks and lambdas (they have their own). */
function scopeOf(parent: Scope | undefined, params: string[], parts: Node[]): Scope {
  const slots = new Map<string, number>();
  for (const p of params) if (!slots.has(p)) slots.set(p, slots.size);
  const visit = (n: unknown): void => {
    if (!n || typeof n !== "object") return;
    if (Array.isArray(n)) return n.forEach(visit);
    const node = n as Node;
    if (node.type === "bind") {
      const name = (node.lhs as Node).value as string;
      if (!slots.has(name)) slots.set(name, slots.size);
    }
    // A thunk (a tail call, see Thunk) runs in the frame it was made in: its binds are this scope's.
    if (node.type === "block" || (node.type === "lambda" && node.thunk !== true)) return;
    for (const [key, child] of Object.entries(node)) if (key !== "position" && typeof child === "object") visit(child);
  };
  parts.forEach(visit);
  return { slots, parent };
}

function frameAt(env: Frame, depth: number): Frame {
  let frame = env;
  for (let i = 0; i < depth; i++) frame = frame.parent as Frame;
  return frame;
}

/** The frames (by depth from here) whose scope binds `name`, innermost first. */
function candidatesOf(name: string, scope: Scope): [number, number][] {
  const found: [number, number][] = [];
  let depth = 0;
  for (let s: Scope | undefined = scope; s; s = s.parent, depth++) {
    const slot = s.slots.get(name);
    if (slot !== undefined) found.push([depth, slot]);
  }
  return found;
}

/** Reads `name` as the interpreter's lookup up the frames would; `global` when no scope has bound it. */
function resolverOf(name: string, scope: Scope, global: (env: Frame) => unknown): (env: Frame) => unknown {
  const candidates = candidatesOf(name, scope);
  if (candidates.length === 0) return global;
  if (candidates.length === 1) {
    const [depth, slot] = candidates[0] as [number, number];
    if (depth === 0) {
      return (env) => {
        const v = env.slots[slot];
        return v === UNSET ? global(env) : v;
      };
    }
    return (env) => {
      const v = frameAt(env, depth).slots[slot];
      return v === UNSET ? global(env) : v;
    };
  }
  return (env) => {
    for (const [depth, slot] of candidates) {
      const v = frameAt(env, depth).slots[slot];
      if (v !== UNSET) return v;
    }
    return global(env);
  };
}

/** A node with what the interpreter does after every node: predicates, grouping, then settling sequences. */
function node(n: Node, scope: Scope): Ev {
  checkNode(n);
  const core = coreOf(n, scope);
  const predicates = (n.predicate ?? []).map((p) => filterOf(p.expr, scope));
  const group = n.type !== "path" && n.group ? groupOf(n.group.lhs, scope) : undefined;
  if (predicates.length === 0 && !group) {
    if (n.type === "string" || n.type === "number" || n.type === "value" || n.type === "lambda" || n.type === "regex") return core;
    if (settled(n)) return core;
    return (input, env) => settle(core(input, env));
  }
  return (input, env) => {
    let result = core(input, env);
    for (const p of predicates) result = p(result, env);
    if (group) result = group(result, env);
    return settle(result);
  };
}

/**
 * Nodes whose value never needs settling: an operator's (a boolean, number, text or nothing;
 * not a range, which makes a sequence), an array or object constructor's (plain), and a
 * condition's, block's or bind's, which is a node's value already settled (or a tail call's
 * thunk, which settle leaves alone). The settling wrapper around each was a seventh of a ride
 * view's evaluation.
 */
function settled(n: Node): boolean {
  switch (n.type) {
    case "binary":
      return n.value !== "..";
    case "unary":
    case "condition":
    case "block":
    case "bind":
      return true;
    default:
      return false;
  }
}

function coreOf(n: Node, scope: Scope): Ev {
  switch (n.type) {
    case "string":
    case "number":
    case "value": {
      const value = n.value;
      return () => value;
    }
    case "name": {
      const key = n.value as string;
      return (input) => lookupName(input, key);
    }
    case "variable":
      return variableOf(n.value as string, scope);
    case "path":
      return pathOf(n, scope);
    case "binary":
      return binaryOf(n, scope);
    case "unary":
      return unaryOf(n, scope);
    case "condition": {
      const cond = node(n.condition as Node, scope);
      const then = node(n.then as Node, scope);
      const otherwise = n.else ? node(n.else, scope) : undefined;
      return (input, env) => (truthy(cond(input, env)) ? then(input, env) : otherwise ? otherwise(input, env) : undefined);
    }
    case "block": {
      const inner = scopeOf(scope, [], n.expressions ?? []);
      // The root block's own binds only: a local of the same name deeper in is an ordinary value.
      if (scope.kept && scope.parent === undefined) inner.kept = scope.kept;
      const parts = (n.expressions ?? []).map((e) => node(e, inner));
      const size = inner.slots.size;
      return (input, env) => {
        const frame: Frame = { slots: size === 0 ? NO_SLOTS : new Array(size).fill(UNSET), parent: env, globals: env.globals };
        let result: unknown;
        for (const part of parts) result = part(input, frame);
        return result;
      };
    }
    case "bind": {
      const name = (n.lhs as Node).value as string;
      const slot = scope.slots.get(name) as number;
      const rhs = node(n.rhs as Node, scope);
      const kind = scope.kept?.get(name);
      if (kind !== undefined) {
        return (input, env) => {
          let value = rhs(input, env);
          if (typeof value === "function") value = (env.globals.__keep as Keep)(name, kind, value as (...args: unknown[]) => unknown);
          env.slots[slot] = value;
          return value;
        };
      }
      return (input, env) => {
        const value = rhs(input, env);
        env.slots[slot] = value;
        return value;
      };
    }
    case "regex":
      return regexValueOf(n.value as RegExp);
    case "function":
      return callOf(n, scope);
    case "lambda":
      return n.thunk === true ? thunkOf(n, scope) : lambdaOf(n, scope);
    case "wildcard":
      return (input) => wildcard(input);
    default:
      throw new Unsupported(`${n.type} expressions`);
  }
}

function variableOf(name: string, scope: Scope): Ev {
  if (name === "") return (input) => (Array.isArray(input) && (input as Sequence).outerWrapper ? input[0] : input);
  // A built-in taken as a value (passed, bound, compared) would need the interpreter's function
  // object: the evaluation goes to the interpreter. A binding of that name is an ordinary value.
  const builtin = Object.hasOwn(NATIVES, name) || name === "eval";
  const global = (env: Frame): unknown => {
    if (name in env.globals) return env.globals[name];
    if (builtin) throw new Unsupported(`$${name} as a value`);
    return undefined;
  };
  const read = resolverOf(name, scope, global);
  return (_input, env) => read(env);
}

function pathOf(n: Node, scope: Scope): Ev {
  const steps = (n.steps as Node[]).map((step) => ({ ev: node(step, scope), stages: (step.stages ?? []).map((st) => filterOf(st.expr, scope)), consarray: step.consarray === true }));
  const firstIsVariable = (n.steps as Node[])[0]?.type === "variable";
  const group = n.group ? groupOf(n.group.lhs, scope) : undefined;
  /** The interpreter's walk from step `start` on, over `current` (what the step before gave). */
  const walkFrom = (start: number, current: Sequence, env: Frame): unknown => {
    let result: Sequence | undefined = current;
    for (let i = start; i < steps.length; i++) {
      const step = steps[i] as (typeof steps)[number];
      if (i === 0 && step.consarray) result = step.ev(current, env) as Sequence | undefined;
      else result = stepOver(step.ev, step.stages, current, env, i === steps.length - 1);
      if (result === undefined || result.length === 0) break;
      current = result;
    }
    return group ? group(result, env) : result;
  };
  const general: Ev = (input, env) => walkFrom(0, Array.isArray(input) && !firstIsVariable ? (input as Sequence) : sequence(input), env);
  const nodes = n.steps as Node[];
  const simple = !group && nodes.length > 1 && nodes.every((step, i) => !step.stages && (i === 0 ? ["variable", "name", "function"].includes(step.type) : step.type === "name"));
  return simple ? simplePathOf(nodes, steps[0]?.ev as Ev, general, walkFrom) : general;
}

/**
 * `$ride.pickup.address`, `a.b`, `$__world().rides`: a variable, a name or a call, then names,
 * read as the interpreter reads them while every value on the way is one object (no sequence is
 * built). An array on the way, where a step maps over its items, goes on the interpreter's way
 * from that step with what the steps so far gave, so nothing is evaluated twice.
 */
function simplePathOf(nodes: Node[], first: Ev, general: Ev, walkFrom: (start: number, current: Sequence, env: Frame) => unknown): Ev {
  const names = nodes.slice(1).map((step) => step.value as string);
  const fromVariable = (nodes[0] as Node).type === "variable";
  return (input, env) => {
    // A name or a call is evaluated per item of an array context.
    if (!fromVariable && Array.isArray(input)) return general(input, env);
    let v = first(input, env);
    for (let k = 0; k < names.length; k++) {
      if (v === undefined) return undefined;
      if (Array.isArray(v)) return walkFrom(k + 1, (v as Sequence).cons ? sequence(v) : sequence(...v), env);
      if (v === null || typeof v !== "object") return undefined;
      v = settle((v as Record<string, unknown>)[names[k] as string]);
    }
    return v;
  };
}

type Filter = (input: unknown, env: Frame) => unknown;

function stepOver(ev: Ev, stages: Filter[], input: Sequence, env: Frame, last: boolean): Sequence {
  const results: unknown[] = [];
  for (let i = 0; i < input.length; i++) {
    let res = ev(input[i], env);
    for (const stage of stages) res = stage(res, env);
    if (res !== undefined) results.push(res);
  }
  if (last && results.length === 1 && Array.isArray(results[0]) && !isSequence(results[0])) return results[0] as Sequence;
  const out = sequence();
  for (const res of results) {
    if (!Array.isArray(res) || (res as Sequence).cons) out.push(res);
    else for (const v of res) out.push(v);
  }
  return out;
}

/** `[...]` after a value: a number picks by index (negative from the end), anything else keeps the items it holds true for. */
function filterOf(predicate: Node, scope: Scope): Filter {
  if (predicate.type === "number") {
    const at = Math.floor(predicate.value as number);
    return (input) => {
      const items: unknown[] = Array.isArray(input) ? input : sequence(input);
      const item = items[at < 0 ? items.length + at : at];
      if (item === undefined) return sequence();
      return Array.isArray(item) ? item : sequence(item);
    };
  }
  const test = node(predicate, scope);
  return (input, env) => {
    const items: unknown[] = Array.isArray(input) ? input : sequence(input);
    const out = sequence();
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      let res = test(item, env);
      if (isNumeric(res)) res = [res];
      if (isArrayOfNumbers(res)) {
        for (const n of res as number[]) {
          const at = Math.floor(n);
          if ((at < 0 ? items.length + at : at) === index) out.push(item);
        }
      } else if (truthy(res)) out.push(item);
    }
    return out;
  };
}

/** An object constructor, alone or after a path: items grouped by each pair's key, values evaluated per group. */
function groupOf(pairs: [Node, Node][], scope: Scope): (input: unknown, env: Frame) => Record<string, unknown> {
  const compiled = pairs.map(([k, v]) => [node(k, scope), node(v, scope)] as const);
  const grouped = (input: unknown, env: Frame): Record<string, unknown> => {
    const list: unknown[] = Array.isArray(input) ? input : sequence(input);
    // An empty input still makes the literal object (the interpreter adds one undefined item).
    const items = list.length === 0 ? [undefined] : list;
    // An object, as the interpreter's: its keys are walked in JS order (integer-like keys first).
    const groups = Object.create(null) as Record<string, { data: unknown; pair: number }>;
    for (const item of items) {
      for (let p = 0; p < compiled.length; p++) {
        const key = objectKey((compiled[p] as (typeof compiled)[number])[0](item, env));
        if (key === undefined) continue;
        const entry = groups[key];
        if (!entry) groups[key] = { data: item, pair: p };
        else if (entry.pair !== p) fail("D1009", `Multiple key definitions evaluate to same key: ${JSON.stringify(key)}`);
        else entry.data = append(entry.data, item);
      }
    }
    const result: Record<string, unknown> = {};
    for (const key in groups) {
      const entry = groups[key] as { data: unknown; pair: number };
      const value = (compiled[entry.pair] as (typeof compiled)[number])[1](entry.data, env);
      if (value !== undefined) result[key] = value;
    }
    return result;
  };
  // One item and keys written as text, none twice, none integer-like (the usual object
  // constructor): the values in the pairs' order, which is then the interpreter's order too.
  const literal = pairs.map(([k]) => (k.type === "string" && !k.predicate && !k.group ? (k.value as string) : undefined));
  const plainKeys = literal.every((k) => k !== undefined && !INTEGER_LIKE.test(k) && k !== "__proto__") && new Set(literal).size === literal.length;
  if (!plainKeys && compiled.length === 1) {
    // One pair whose key is computed (`{ $k: ... }`, as a callback of $each writes it), on one
    // item: what grouped makes of a single group, without its sequence and groups.
    const [keyOf, valueOf] = compiled[0] as (typeof compiled)[number];
    return (input, env) => {
      if (Array.isArray(input)) return grouped(input, env);
      const result: Record<string, unknown> = {};
      const key = objectKey(keyOf(input, env));
      if (key === undefined) return result;
      const value = valueOf(input, env);
      if (value !== undefined) result[key] = value;
      return result;
    };
  }
  if (!plainKeys) return grouped;
  const values = compiled.map(([, v]) => v);
  return (input, env) => {
    if (Array.isArray(input)) return grouped(input, env);
    const result: Record<string, unknown> = {};
    for (let p = 0; p < values.length; p++) {
      const value = (values[p] as Ev)(input, env);
      if (value !== undefined) result[literal[p] as string] = value;
    }
    return result;
  };
}

/**
 * A computed object key as the interpreter takes it: nothing leaves the pair out, anything but a
 * string fails. JSONata 1.8's interpreter also throws (a TypeError of its own grouping) for a key
 * `__proto__`: the compiled evaluator throws too, so the evaluation goes to the interpreter and
 * fails in its words.
 */
function objectKey(key: unknown): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== "string") fail("T1003", `Key in object structure must evaluate to a string; got: ${JSON.stringify(key)}`);
  if (key === "__proto__") fail("D1009", "an object key __proto__ (JSONata's interpreter fails on it)");
  return key;
}

/** A key JS orders before the others (an array index). */
const INTEGER_LIKE = /^(0|[1-9]\d*)$/;

function binaryOf(n: Node, scope: Scope): Ev {
  const op = n.value as string;
  const lhs = node(n.lhs as Node, scope);
  const rhs = node(n.rhs as Node, scope);
  switch (op) {
    case "and":
      return (input, env) => truthy(lhs(input, env)) && truthy(rhs(input, env));
    case "or":
      return (input, env) => truthy(lhs(input, env)) || truthy(rhs(input, env));
    case "+":
    case "-":
    case "*":
    case "/":
    case "%":
      return (input, env) => numeric(op, lhs(input, env), rhs(input, env));
    case "=":
      return (input, env) => {
        const a = lhs(input, env);
        const b = rhs(input, env);
        return a !== undefined && b !== undefined && deepEqual(a, b);
      };
    case "!=":
      return (input, env) => {
        const a = lhs(input, env);
        const b = rhs(input, env);
        return a !== undefined && b !== undefined && !deepEqual(a, b);
      };
    case "<":
    case "<=":
    case ">":
    case ">=":
      return (input, env) => compare(op, lhs(input, env), rhs(input, env));
    case "&":
      return (input, env) => (stringOf(lhs(input, env)) ?? "") + (stringOf(rhs(input, env)) ?? "");
    case "..":
      return (input, env) => range(lhs(input, env), rhs(input, env));
    case "in":
      return (input, env) => {
        const a = lhs(input, env);
        const b = rhs(input, env);
        if (a === undefined || b === undefined) return false;
        return (Array.isArray(b) ? b : [b]).some((item) => item === a);
      };
    default:
      throw new Unsupported(`the ${op} operator`);
  }
}

function numeric(op: string, a: unknown, b: unknown): number | undefined {
  if (a !== undefined && !isNumeric(a)) fail("T2001", `The left side of the ${op} operator must evaluate to a number`);
  if (b !== undefined && !isNumeric(b)) fail("T2002", `The right side of the ${op} operator must evaluate to a number`);
  if (a === undefined || b === undefined) return undefined;
  const x = a as number;
  const y = b as number;
  return op === "+" ? x + y : op === "-" ? x - y : op === "*" ? x * y : op === "/" ? x / y : x % y;
}

function compare(op: string, a: unknown, b: unknown): boolean | undefined {
  const ta = typeof a;
  const tb = typeof b;
  const comparable = (t: string) => t === "undefined" || t === "string" || t === "number";
  if (!comparable(ta) || !comparable(tb)) fail("T2010", `The expressions either side of operator ${op} must evaluate to numeric or string values`);
  if (a === undefined || b === undefined) return undefined;
  if (ta !== tb) fail("T2009", `The values either side of operator ${op} must be of the same data type`);
  const x = a as number | string;
  const y = b as number | string;
  return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
}

function range(a: unknown, b: unknown): Sequence | undefined {
  if (a !== undefined && !Number.isInteger(a)) fail("T2003", "The left side of the range operator (..) must evaluate to an integer");
  if (b !== undefined && !Number.isInteger(b)) fail("T2004", "The right side of the range operator (..) must evaluate to an integer");
  if (a === undefined || b === undefined) return undefined;
  const lo = a as number;
  const hi = b as number;
  if (lo > hi) return undefined;
  if (hi - lo + 1 > 1e7) fail("D2014", "The size of the sequence allocated by the range operator (..) must not exceed 1e7");
  const out = sequence();
  for (let i = lo; i <= hi; i++) out.push(i);
  return out;
}

function unaryOf(n: Node, scope: Scope): Ev {
  switch (n.value) {
    case "-": {
      const inner = node(n.expression as Node, scope);
      return (input, env) => {
        const v = inner(input, env);
        if (v === undefined) return undefined;
        if (isNumeric(v)) return -v;
        return fail("D1002", "Cannot negate a non-numeric value");
      };
    }
    case "[": {
      const items = (n.expressions as Node[]).map((item) => ({ ev: node(item, scope), nested: item.value === "[" }));
      const cons = n.consarray === true;
      return (input, env) => {
        // Built in place: append(result, value) is result.concat(value), a new array per item,
        // and this array is the constructor's own until it returns.
        const result: unknown[] = [];
        for (const item of items) {
          const value = item.ev(input, env);
          if (value === undefined) continue;
          if (item.nested || !Array.isArray(value)) result.push(value);
          else for (let i = 0; i < value.length; i++) result.push(value[i]);
        }
        if (cons) Object.defineProperty(result, "cons", { enumerable: false, configurable: false, value: true });
        return result;
      };
    }
    case "{":
      return groupOf(n.lhs as [Node, Node][], scope);
    default:
      throw new Unsupported(`the unary ${String(n.value)} operator`);
  }
}

function wildcard(value: unknown): unknown {
  let input = value;
  if (Array.isArray(input) && (input as Sequence).outerWrapper && input.length > 0) input = input[0];
  let results: unknown[] = sequence();
  if (input !== null && typeof input === "object") {
    for (const key of Object.keys(input)) {
      const v = (input as Record<string, unknown>)[key];
      if (Array.isArray(v)) results = append(results, flatten(v)) as unknown[];
      else results.push(v);
    }
  }
  return results;
}

function flatten(value: unknown, into: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) flatten(item, into);
  else into.push(value);
  return into;
}

/** A regex literal is a matcher function, as the interpreter's: (text, from) → {match, start, end, groups, next}. */
function regexValueOf(pattern: RegExp): Ev {
  return () => {
    const re = new RegExp(pattern);
    const matcher = (str: string, from?: number): unknown => {
      re.lastIndex = from ?? 0;
      const m = re.exec(str);
      if (m === null) return undefined;
      return {
        match: m[0],
        start: m.index,
        end: m.index + m[0].length,
        groups: m.slice(1),
        next: () => {
          if (re.lastIndex >= str.length) return undefined;
          const next = matcher(str, re.lastIndex) as { match: string } | undefined;
          if (next && next.match === "") fail("D1004", "Regular expression matches zero length string");
          return next;
        },
      };
    };
    regexOf.set(matcher, re);
    // Unmarked: the interpreter's matcher is a plain function too, false when cast to boolean.
    return matcher;
  };
}

function callOf(n: Node, scope: Scope): Ev {
  const procedure = n.procedure as Node;
  const args = (n.arguments ?? []).map((a) => node(a, scope));
  if (procedure.type === "variable" && !procedure.predicate && !procedure.group) {
    const name = procedure.value as string;
    if (name === "eval") throw new Unsupported("$eval");
    const native = Object.hasOwn(NATIVES, name) ? (NATIVES[name] as Native) : undefined;
    // Not bound by the expression or its caller: JSONata's own function.
    const global = (env: Frame): unknown => (name in env.globals ? env.globals[name] : native ? NATIVE : undefined);
    const read = resolverOf(name, scope, global);
    return (input, env) => {
      const proc = read(env);
      const values = argumentsOf(args, input, env);
      if (proc === NATIVE) return (native as Native)(values, input);
      return invoke(proc, values, input);
    };
  }
  const proc = node(procedure, scope);
  return (input, env) => {
    const p = proc(input, env);
    return invoke(p, argumentsOf(args, input, env), input);
  };
}

function argumentsOf(args: Ev[], input: unknown, env: Frame): unknown[] {
  const values = new Array<unknown>(args.length);
  for (let i = 0; i < args.length; i++) values[i] = (args[i] as Ev)(input, env);
  return values;
}

/** Marks "the built-in of that name" while a call resolves its procedure. */
const NATIVE: unique symbol = Symbol("native");
const NO_SLOTS: unknown[] = [];

function invoke(proc: unknown, args: unknown[], input: unknown): unknown {
  if (typeof proc !== "function") return fail("T1006", "Attempted to invoke a non-function");
  return (proc as (...a: unknown[]) => unknown).apply(input, args);
}

function lambdaOf(n: Node, scope: Scope): Ev {
  if (n.signature !== undefined) throw new Unsupported("function signatures");
  const params = (n.arguments as Node[]).map((p) => p.value as string);
  const inner = scopeOf(scope, params, [n.body as Node]);
  const body = node(n.body as Node, inner);
  const size = inner.slots.size;
  const paramSlots = params.map((p) => inner.slots.get(p) as number);
  const run = (input: unknown, env: Frame, slots: unknown[]): unknown => {
    let result = body(input, { slots, parent: env, globals: env.globals });
    while (result instanceof Thunk) result = result.run();
    return result;
  };
  // Every parameter is bound, an argument not passed to undefined (the interpreter's bind does so).
  const bound = (args: ArrayLike<unknown>): unknown[] => {
    const slots = new Array(size).fill(UNSET);
    for (let i = 0; i < paramSlots.length; i++) slots[paramSlots[i] as number] = args[i];
    return slots;
  };
  // The slots of a call with up to three arguments. The common callback binds nothing but its
  // parameters, in order: its slots are the arguments themselves (an array literal).
  const onlyParams = size === paramSlots.length && paramSlots.every((slot, i) => slot === i);
  const slotsOf: (a: unknown, b: unknown, c: unknown) => unknown[] =
    onlyParams && size === 1 ? (a) => [a] : onlyParams && size === 2 ? (a, b) => [a, b] : (a, b, c) => bound([a, b, c]);
  // JSONata passes a callback as many arguments as it declares (the function's length). Up to
  // three parameters the function is written with that many, so its length is right without a
  // defineProperty on every function value made (that, per callback, showed in a call's profile).
  return (input, env) => {
    let fn: (...args: unknown[]) => unknown;
    switch (paramSlots.length) {
      case 0:
        fn = () => run(input, env, slotsOf(undefined, undefined, undefined));
        break;
      case 1:
        fn = (a: unknown) => run(input, env, slotsOf(a, undefined, undefined));
        break;
      case 2:
        fn = (a: unknown, b: unknown) => run(input, env, slotsOf(a, b, undefined));
        break;
      case 3:
        fn = (a: unknown, b: unknown, c: unknown) => run(input, env, slotsOf(a, b, c));
        break;
      default:
        fn = (...args: unknown[]) => run(input, env, bound(args));
        Object.defineProperty(fn, "length", { value: params.length });
    }
    return markLambda(fn);
  };
}

/**
 * A call in a lambda's tail position: JSONata's parser wraps it in a thunk, and the interpreter
 * makes the call after the lambda's body has returned, its value unsettled. Ours does the same,
 * so a callback's singleton sequence reaches `$map` as the interpreter's does.
 */
class Thunk {
  constructor(readonly run: () => unknown) {}
}

function thunkOf(n: Node, scope: Scope): Ev {
  const call = callOf(n.body as Node, scope);
  return (input, env) => new Thunk(() => call(input, env));
}
