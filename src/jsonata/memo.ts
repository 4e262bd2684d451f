// Remembered answers of the world's pure functions. JSONata 1.8 evaluates through generators
// and costs tens of microseconds per step: `$quikSearch` over 14 products was 20-70 ms, and a
// search_products call asks for it three times (its `json when` and two response keys). A
// function that reads neither the state, nor the clock, nor randomness (nor calls one that
// does) answers the same for the same arguments while the world's data is the same object, so
// its answer is kept per world version and per arguments. The rewrite stays in JSONata's public
// language: four plain JS functions (`$__memoKey`, `$__memoHas`, `$__memoGet`, `$__memoPut`)
// and the function's own body, evaluated only when no answer is kept.
import type { WorldFunctionSource } from "./library.js";

/** What makes a function's answer depend on more than its arguments and the world's data. */
const IMPURE = /\$state\b|\$(now|millis|random|newId|secondsSince|eval|shuffle)\s*\(/;

/** `function($a, $b)<sig> { body }`: the parameters and the body, or undefined for other shapes. */
export function splitFunction(source: string): { params: string[]; signature: string; body: string } | undefined {
  const m = /^\s*function\s*\(([^)]*)\)\s*(<[^>{}]*>)?\s*\{([\s\S]*)\}\s*$/.exec(source);
  if (!m) return undefined;
  const params = (m[1] as string).split(",").map((p) => p.trim()).filter((p) => p.length > 0);
  if (!params.every((p) => /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(p))) return undefined;
  return { params, signature: m[2] ?? "", body: m[3] as string };
}

/** Names (with `$`) of the functions whose answers depend only on their arguments and the world's data. */
export function pureFunctions(fns: WorldFunctionSource[]): Set<string> {
  const byName = new Map(fns.map((fn) => [fn.name, fn.source]));
  const verdict = new Map<string, boolean>();
  const pure = (name: string, path: Set<string>): boolean => {
    const known = verdict.get(name);
    if (known !== undefined) return known;
    // A cycle (mutual recursion) is as pure as the rest of its members.
    if (path.has(name)) return true;
    const source = byName.get(name) as string;
    path.add(name);
    const callees = [...source.matchAll(/(\$[A-Za-z_][A-Za-z0-9_]*)\s*\(/g)].map((m) => m[1] as string).filter((n) => byName.has(n));
    const result = !IMPURE.test(source) && callees.every((callee) => pure(callee, path));
    path.delete(name);
    if (path.size === 0 || !result) verdict.set(name, result);
    return result;
  };
  return new Set(fns.map((fn) => fn.name).filter((name) => pure(name, new Set())));
}

/** The function's source with its body evaluated only when no answer is kept for these arguments. */
export function memoized(name: string, source: string): string {
  const parts = splitFunction(source);
  if (!parts) return source;
  const args = parts.params.join(", ");
  // On one line before the body, so the body's lines stay where the file has them.
  return `function(${args})${parts.signature} { ( $__k := $__memoKey(${JSON.stringify(name)}${args ? `, ${args}` : ""}); $__memoHas($__k) ? $__memoGet($__k) : $__memoPut($__k, (${parts.body})) ) }`;
}

/** Most answers kept per world version: a client can make us keep only this many. */
export const MEMO_LIMIT = 5_000;

const UNDEFINED = Symbol("nothing");

/** The JS side: one map per world data object, emptied when full. */
export class Memo {
  private byData = new WeakMap<object, Map<string, unknown>>();
  private current = new Map<string, unknown>();

  /** Point at the world's data of the call (the same object while no world file changed). */
  use(data: unknown): void {
    if (typeof data !== "object" || data === null) {
      this.current = new Map();
      return;
    }
    let map = this.byData.get(data);
    if (!map) this.byData.set(data, (map = new Map()));
    this.current = map;
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

  has(key: unknown): boolean {
    return typeof key === "string" && this.current.has(key);
  }

  get(key: string): unknown {
    const value = this.current.get(key);
    return value === UNDEFINED ? undefined : value;
  }

  put(key: unknown, value: unknown): unknown {
    if (typeof key !== "string") return value;
    if (this.current.size >= MEMO_LIMIT) this.current.clear();
    this.current.set(key, value === undefined ? UNDEFINED : value);
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
