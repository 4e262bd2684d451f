// JSONata's built-in functions for the compiled evaluator. Each takes the common case itself,
// exactly as the interpreter answers it, and hands every other case (a value of an unexpected
// type, a missing argument the context would fill, a picture string) to the interpreter's own
// function through JSONata's public API: odd cases then answer, and fail, as the interpreter does.
import jsonata from "jsonata";
import { append, isNumeric, lookupName, sequence, symbolOf, toBoolean, type Sequence } from "./values.js";

/** A built-in: the call's arguments and its context (the `this` of JSONata's functions). */
export type Native = (args: unknown[], input: unknown) => unknown;

/** One `$name($a0, …)` per name and argument count, compiled on first use. */
const delegates = new Map<string, jsonata.Expression>();

/** The interpreter's own `$name` applied to these arguments: the reference for every case ours does not take. */
export function delegate(name: string, args: unknown[], input: unknown): unknown {
  const key = `${name}/${args.length}`;
  let expr = delegates.get(key);
  if (!expr) {
    expr = jsonata(`$${name}(${args.map((_, i) => `$a${i}`).join(", ")})`);
    delegates.set(key, expr);
  }
  const bindings: Record<string, unknown> = {};
  args.forEach((arg, i) => (bindings[`a${i}`] = arg));
  return expr.evaluate(input, bindings);
}

/** A lambda of ours (a JS function whose length is its parameter count), called as a higher-order function's argument. */
export type Lambda = ((...args: unknown[]) => unknown) & { length: number };

/** As JSONata passes (value, index|key, whole) to a callback: only as many as it declares. */
function callback(fn: Lambda, value: unknown, second: unknown, whole: unknown): unknown {
  const arity = fn.length;
  if (arity >= 3) return fn(value, second, whole);
  if (arity === 2) return fn(value, second);
  return fn(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** What a parameter typed `a` makes of a value: an array stays, anything else becomes a one-item array. */
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** `$string` and `&`: text as is, functions as "", everything else as JSON with numbers at 15 significant digits. */
export function stringOf(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === "string") return v;
  if (typeof v === "function") return "";
  if (typeof v === "number" && !Number.isFinite(v)) throw new Error("D3001: attempting to invoke string function on Infinity or NaN");
  const value = Array.isArray(v) && (v as Sequence).outerWrapper ? v[0] : v;
  return JSON.stringify(value, (_k, val) => (typeof val === "number" && isNumeric(val) ? Number(val.toPrecision(15)) : typeof val === "function" ? "" : val));
}

function round(value: number, precision: unknown): number {
  let arg = value;
  const p = precision as number;
  if (p) {
    const [mantissa, exp] = arg.toString().split("e");
    arg = +`${mantissa}e${exp ? +exp + p : p}`;
  }
  let result = Math.round(arg);
  // Half to even: 2.5 rounds to 2, 3.5 to 4.
  if (Math.abs(result - arg) === 0.5 && Math.abs(result % 2) === 1) result -= 1;
  if (p) {
    const [mantissa, exp] = result.toString().split("e");
    result = +`${mantissa}e${exp ? +exp - p : -p}`;
  }
  return Object.is(result, -0) ? 0 : result;
}

const ISO_8601 = /^\d{4}(-[01]\d)*(-[0-3]\d)*(T[0-2]\d:[0-5]\d:[0-5]\d)*(\.\d+)?([+-][0-2]\d:?[0-5]\d|Z)?$/;

/** Arrays of numbers only, as `<a<n>>` accepts them (a lone number counts as one). */
function numbers(v: unknown): number[] | undefined {
  const arr = asArray(v);
  return arr.every((n) => typeof n === "number") ? (arr as number[]) : undefined;
}

/** The matcher a regex literal evaluates to, and the RegExp behind it (for `$contains`). */
export const regexOf = new WeakMap<object, RegExp>();

type Table = Record<string, Native>;

/** `$max` and `$min`: nothing for nothing or an empty array, else the pick of the numbers. */
function extremum(name: string, pick: (...n: number[]) => number, args: unknown[], input: unknown): unknown {
  const [v] = args;
  if (args.length !== 1) return delegate(name, args, input);
  if (v === undefined) return undefined;
  const ns = numbers(v);
  if (!ns) return delegate(name, args, input);
  return ns.length === 0 ? undefined : pick(...ns);
}

/** Natives that take their common case; `isLambda` tells our lambdas from other function values. */
export function natives(isLambda: (v: unknown) => v is Lambda): Table {
  const d = (name: string): Native => (args, input) => delegate(name, args, input);
  const table: Table = {
    exists: (args, input) => (args.length === 1 ? args[0] !== undefined : delegate("exists", args, input)),
    not: (args, input) => (args.length === 1 ? (args[0] === undefined ? undefined : !toBoolean(args[0])) : delegate("not", args, input)),
    boolean: (args, input) => (args.length === 1 ? toBoolean(args[0]) : delegate("boolean", args, input)),
    count: (args, input) => {
      const [v] = args;
      if (args.length !== 1 || typeof v === "function") return delegate("count", args, input);
      return v === undefined ? 0 : Array.isArray(v) ? v.length : 1;
    },
    lookup: (args, input) => (args.length === 2 && typeof args[1] === "string" ? lookupName(args[0], args[1]) : delegate("lookup", args, input)),
    append: (args, input) => (args.length === 2 ? append(args[0], args[1]) : delegate("append", args, input)),
    merge: (args, input) => {
      const [v] = args;
      if (args.length !== 1) return delegate("merge", args, input);
      if (v === undefined) return undefined;
      const objects = asArray(v);
      if (!objects.every(isPlainObject)) return delegate("merge", args, input);
      const out: Record<string, unknown> = {};
      for (const obj of objects) for (const key in obj) out[key] = obj[key];
      return out;
    },
    filter: (args, input) => {
      const [arr, fn] = args;
      if (args.length !== 2 || !isLambda(fn)) return delegate("filter", args, input);
      if (arr === undefined) return undefined;
      const items = asArray(arr);
      const out = sequence();
      for (let i = 0; i < items.length; i++) if (toBoolean(callback(fn, items[i], i, items))) out.push(items[i]);
      return out;
    },
    map: (args, input) => {
      const [arr, fn] = args;
      if (args.length !== 2 || !isLambda(fn)) return delegate("map", args, input);
      if (arr === undefined) return undefined;
      const items = asArray(arr);
      const out = sequence();
      for (let i = 0; i < items.length; i++) {
        const value = callback(fn, items[i], i, items);
        if (value !== undefined) out.push(value);
      }
      return out;
    },
    each: (args, input) => {
      const [obj, fn] = args;
      if (args.length !== 2 || !isPlainObject(obj) || !isLambda(fn)) return delegate("each", args, input);
      const out = sequence();
      for (const key in obj) {
        const value = callback(fn, obj[key], key, obj);
        if (value !== undefined) out.push(value);
      }
      return out;
    },
    sift: (args, input) => {
      const [obj, fn] = args;
      if (args.length !== 2 || !isPlainObject(obj) || !isLambda(fn)) return delegate("sift", args, input);
      const out: Record<string, unknown> = {};
      let kept = 0;
      for (const key in obj) {
        if (toBoolean(callback(fn, obj[key], key, obj))) {
          out[key] = obj[key];
          kept++;
        }
      }
      return kept === 0 ? undefined : out;
    },
    keys: (args, input) => {
      const [obj] = args;
      if (args.length !== 1 || !isPlainObject(obj)) return delegate("keys", args, input);
      return sequence(...Object.keys(obj));
    },
    string: (args, input) => (args.length === 1 ? stringOf(args[0]) : delegate("string", args, input)),
    number: (args, input) => (args.length === 1 && typeof args[0] === "number" && isNumeric(args[0]) ? args[0] : delegate("number", args, input)),
    lowercase: (args, input) => (args.length === 1 && (typeof args[0] === "string" || args[0] === undefined) ? (args[0] as string | undefined)?.toLowerCase() : delegate("lowercase", args, input)),
    uppercase: (args, input) => (args.length === 1 && (typeof args[0] === "string" || args[0] === undefined) ? (args[0] as string | undefined)?.toUpperCase() : delegate("uppercase", args, input)),
    contains: (args, input) => {
      const [str, token] = args;
      if (args.length !== 2 || (typeof str !== "string" && str !== undefined)) return delegate("contains", args, input);
      const re = typeof token === "function" ? regexOf.get(token) : undefined;
      if (typeof token !== "string" && !re) return delegate("contains", args, input);
      if (str === undefined) return undefined;
      if (typeof token === "string") return str.indexOf(token) !== -1;
      (re as RegExp).lastIndex = 0;
      return (re as RegExp).exec(str) !== null;
    },
    join: (args, input) => {
      const [strs, sep] = args;
      if (args.length < 1 || args.length > 2 || (sep !== undefined && typeof sep !== "string")) return delegate("join", args, input);
      if (strs === undefined) return undefined;
      const items = asArray(strs);
      if (!items.every((s) => typeof s === "string")) return delegate("join", args, input);
      return items.join(sep ?? "");
    },
    substringBefore: (args, input) => {
      const [str, chars] = args;
      if (args.length !== 2 || typeof chars !== "string" || (typeof str !== "string" && str !== undefined)) return delegate("substringBefore", args, input);
      if (str === undefined) return undefined;
      const at = str.indexOf(chars);
      return at > -1 ? str.slice(0, at) : str;
    },
    substringAfter: (args, input) => {
      const [str, chars] = args;
      if (args.length !== 2 || typeof chars !== "string" || (typeof str !== "string" && str !== undefined)) return delegate("substringAfter", args, input);
      if (str === undefined) return undefined;
      const at = str.indexOf(chars);
      return at > -1 ? str.slice(at + chars.length) : str;
    },
    round: (args, input) => {
      const [v, p] = args;
      if (args.length < 1 || args.length > 2 || (v !== undefined && !isNumeric(v)) || (p !== undefined && !isNumeric(p))) return delegate("round", args, input);
      return v === undefined ? undefined : round(v as number, p);
    },
    floor: (args, input) => (args.length === 1 && (args[0] === undefined || isNumeric(args[0])) ? (args[0] === undefined ? undefined : Math.floor(args[0] as number)) : delegate("floor", args, input)),
    ceil: (args, input) => (args.length === 1 && (args[0] === undefined || isNumeric(args[0])) ? (args[0] === undefined ? undefined : Math.ceil(args[0] as number)) : delegate("ceil", args, input)),
    abs: (args, input) => (args.length === 1 && (args[0] === undefined || isNumeric(args[0])) ? (args[0] === undefined ? undefined : Math.abs(args[0] as number)) : delegate("abs", args, input)),
    sum: (args, input) => {
      const [v] = args;
      if (args.length !== 1) return delegate("sum", args, input);
      if (v === undefined) return undefined;
      const ns = numbers(v);
      if (!ns) return delegate("sum", args, input);
      let total = 0;
      for (const n of ns) total += n;
      return total;
    },
    max: (args, input) => extremum("max", Math.max, args, input),
    min: (args, input) => extremum("min", Math.min, args, input),
    toMillis: (args, input) => {
      const [v] = args;
      if (args.length !== 1 || (typeof v !== "string" && v !== undefined) || (typeof v === "string" && !ISO_8601.test(v))) return delegate("toMillis", args, input);
      return v === undefined ? undefined : Date.parse(v);
    },
    type: (args, input) => {
      const [v] = args;
      if (args.length !== 1 || typeof v === "function") return delegate("type", args, input);
      if (v === undefined) return undefined;
      const s = symbolOf(v);
      return s === "l" ? "null" : s === "n" ? (isNumeric(v) ? "number" : delegate("type", args, input)) : s === "s" ? "string" : s === "b" ? "boolean" : s === "a" ? "array" : "object";
    },
  };
  for (const name of DELEGATED) table[name] = d(name);
  return table;
}

/** JSONata's other functions: always the interpreter's own. */
export const DELEGATED = [
  "average", "substring", "length", "trim", "pad", "match", "replace", "split", "formatNumber", "formatBase", "formatInteger", "parseInteger",
  "sqrt", "power", "zip", "single", "reduce", "spread", "reverse", "error", "assert", "sort", "shuffle", "distinct", "base64encode", "base64decode",
  "encodeUrlComponent", "encodeUrl", "decodeUrlComponent", "decodeUrl", "fromMillis", "random",
];

