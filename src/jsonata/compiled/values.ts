// JSONata 1.8's value model as the compiled evaluator needs it: sequences (arrays that mark
// themselves `sequence: true`, the same mark the interpreter's results carry, so values pass
// between the two unchanged), effective booleans, deep equality and name lookup. Each follows
// the interpreter's rule, odd cases included, because the interpreter is the reference.

export type Sequence = unknown[] & { sequence?: boolean; keepSingleton?: boolean; cons?: boolean; outerWrapper?: boolean; tupleStream?: boolean };

export function sequence(...items: unknown[]): Sequence {
  const seq = items as Sequence;
  seq.sequence = true;
  return seq;
}

export function isSequence(value: unknown): value is Sequence {
  return Array.isArray(value) && (value as Sequence).sequence === true;
}

/** What every node's value goes through: an empty sequence is nothing, a singleton its item. */
export function settle(value: unknown): unknown {
  if (Array.isArray(value) && (value as Sequence).sequence === true && !(value as Sequence).tupleStream) {
    const seq = value as Sequence;
    if (seq.length === 0) return undefined;
    if (seq.length === 1) return seq.keepSingleton ? seq : seq[0];
  }
  return value;
}

/**
 * The compiled evaluator's function values: its lambdas (JS functions whose length is their
 * parameter count), marked by a property only this module can name. A WeakSet held them before;
 * its insert, paid for every function value a world function makes (each callback passed to
 * `$filter` or `$map`), was 2.5% of a shipped call.
 */
const LAMBDA: unique symbol = Symbol("jsonata lambda");

export function markLambda<F extends object>(fn: F): F {
  (fn as { [LAMBDA]?: true })[LAMBDA] = true;
  return fn;
}

/**
 * A JSONata function value. The interpreter's lambdas are objects (truthy when cast to
 * boolean); a plain JS function bound from outside is false. Ours are JS functions marked here,
 * so they cast as the interpreter's own would.
 */
export function isLambda(value: unknown): value is (...args: unknown[]) => unknown {
  return typeof value === "function" && (value as { [LAMBDA]?: true })[LAMBDA] === true;
}

export class NotNumeric extends Error {}

/** A number that is not NaN; Infinity is JSONata's error D1001. */
export function isNumeric(value: unknown): value is number {
  if (typeof value !== "number") return false;
  if (Number.isNaN(value)) return false;
  if (!Number.isFinite(value)) throw new NotNumeric("D1001: number out of range");
  return true;
}

export function isArrayOfNumbers(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => isNumeric(item));
}

/** `$boolean`: the effective boolean value, undefined for nothing. */
export function toBoolean(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (value.length === 1) return toBoolean(value[0]);
    return value.length > 1 && value.some((item) => toBoolean(item));
  }
  if (typeof value === "string") return value.length > 0;
  if (isNumeric(value)) return value !== 0;
  if (typeof value === "function") return isLambda(value);
  if (value !== null && typeof value === "object") return Object.keys(value).length > 0;
  return value === true;
}

/** As `and`, `or` and a predicate read a value: nothing is false. */
export function truthy(value: unknown): boolean {
  return toBoolean(value) === true;
}

/** `=`: the interpreter compares arrays item by item and other objects by their own property names. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const ak = Object.getOwnPropertyNames(a).sort();
  const bk = Object.getOwnPropertyNames(b).sort();
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) if (ak[i] !== bk[i]) return false;
  for (const key of ak) if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

/** A field of every object in the input (`name` in a path, `$lookup`): arrays map and flatten one level. */
export function lookupName(input: unknown, key: string): unknown {
  if (Array.isArray(input)) {
    const out = sequence();
    for (const item of input) {
      const value = lookupName(item, key);
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) out.push(v);
      else out.push(value);
    }
    return out;
  }
  if (input !== null && typeof input === "object") return (input as Record<string, unknown>)[key];
  return undefined;
}

/** `$append`: the interpreter concatenates, so the result is a plain array, not a sequence. */
export function append(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const left = Array.isArray(a) ? a : sequence(a);
  return left.concat(Array.isArray(b) ? b : [b]);
}

/** JSONata's type letter of a value, as its function signatures read it. */
export function symbolOf(value: unknown): string {
  if (value === undefined) return "m";
  if (value === null) return "l";
  if (typeof value === "function") return "f";
  if (Array.isArray(value)) return "a";
  switch (typeof value) {
    case "string":
      return "s";
    case "number":
      return "n";
    case "boolean":
      return "b";
    default:
      return "o";
  }
}
