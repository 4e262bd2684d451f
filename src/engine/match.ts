// The `json match` rules (docs/tool-files.md's table). Strings compare case-insensitively
// (Unicode lower case), `=x` compares the rest literally, a string pattern against a non-string
// argument compares with its compact JSON, pattern arrays may hold objects, and `[]` matches any
// array and nothing else.
// Pure: returns why a pattern did or did not match, so logs and --check can explain a selection.
import { stringifyDeep } from "../goJson/encode.js";
import type { Json } from "../base/types.js";
import { isObject } from "../base/isObject.js";

/**
 * A miss names the first key that decided it, the pattern expected there and the value seen
 * (`seen` absent when the argument was): the "why" report and the journal print these as given.
 */
export type MatchResult = { matched: true } | { matched: false; key: string; reason: string; expected?: Json; seen?: Json };

function miss(key: string, reason: string, expected: Json, seen: Json | undefined): MatchResult {
  return seen === undefined ? { matched: false, key, reason, expected } : { matched: false, key, reason, expected, seen };
}

const MATCHED: MatchResult = { matched: true };

/** Unicode-aware case folding for "strings are case-insensitive". */
function fold(s: string): string {
  return s.toLowerCase();
}


/** Text of an argument as compared against a string pattern: strings as is, others as compact JSON. */
function argumentText(value: Json): string {
  return typeof value === "string" ? value : stringifyDeep(value);
}

function describe(value: unknown): string {
  if (value === undefined) return "absent";
  const text = stringifyDeep(value);
  // A reason is for a log line: a huge argument is cut, never printed whole.
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Does a string pattern (`x`, `~x`, `*`, `=x`) accept an argument value? */
function matchString(pattern: string, value: Json): boolean {
  if (pattern === "*") return value !== null;
  if (value === null) return false; // string patterns never match null
  const text = argumentText(value);
  if (pattern.startsWith("=")) return fold(text) === fold(pattern.slice(1));
  if (pattern.startsWith("~")) return fold(text).includes(fold(pattern.slice(1)));
  return fold(text) === fold(pattern);
}

/** Numbers, booleans and null compare exactly; a string argument may match as text ("5" vs 5). */
function matchScalar(pattern: number | boolean | null, value: Json): boolean {
  if (pattern === null) return value === null;
  if (typeof value === "string") return value === JSON.stringify(pattern);
  return value === pattern;
}

/**
 * The rules themselves, as a yes or no: selection asks this of every scenario on every call, and
 * a miss's reason (an argument's JSON, the pattern's) is only written when someone reads it.
 */
function accepts(pattern: Json, value: Json): boolean {
  if (typeof pattern === "string") return matchString(pattern, value);
  if (Array.isArray(pattern)) {
    if (!Array.isArray(value)) return false;
    for (const element of pattern) if (!value.some((item) => accepts(element, item))) return false;
    return true;
  }
  if (isObject(pattern)) return isObject(value) && objectAccepts(pattern, value);
  return matchScalar(pattern, value);
}

function objectAccepts(pattern: Record<string, Json>, args: Record<string, Json>): boolean {
  for (const name of Object.keys(pattern)) {
    // Own properties only: "__proto__" or "constructor" in a pattern never reach the prototype.
    if (!Object.prototype.hasOwnProperty.call(args, name) || !accepts(pattern[name] as Json, args[name] as Json)) return false;
  }
  return true;
}

/** accepts(), explained: which key decided a miss and why. */
function matchValue(pattern: Json, value: Json, key: string): MatchResult {
  if (accepts(pattern, value)) return MATCHED;
  if (typeof pattern === "string") return miss(key, `${describe(value)} does not match ${JSON.stringify(pattern)}`, pattern, value);
  if (Array.isArray(pattern)) {
    if (!Array.isArray(value)) return miss(key, `${describe(value)} is not an array`, pattern, value);
    const element = pattern.find((el) => !value.some((item) => accepts(el, item))) as Json;
    return miss(key, `no element matches ${JSON.stringify(element)}`, pattern, value);
  }
  if (isObject(pattern)) {
    if (!isObject(value)) return miss(key, `${describe(value)} is not an object`, pattern, value);
    return matchObject(pattern, value, `${key}.`);
  }
  return miss(key, `${describe(value)} is not ${JSON.stringify(pattern)}`, pattern, value);
}

function matchObject(pattern: Record<string, Json>, args: Record<string, Json>, prefix: string): MatchResult {
  for (const name of Object.keys(pattern)) {
    const key = prefix + name;
    if (!Object.prototype.hasOwnProperty.call(args, name)) return miss(key, "argument absent", pattern[name] as Json, undefined);
    const result = matchValue(pattern[name] as Json, args[name] as Json, key);
    if (!result.matched) return result;
  }
  return MATCHED;
}

/** Whether a `json match` block accepts the arguments: matchArguments(...).matched without the reason. */
export function argumentsMatch(pattern: Json, args: Record<string, Json>): boolean {
  return isObject(pattern) && objectAccepts(pattern, args);
}

/** Match a scenario's `json match` block against call arguments. */
export function matchArguments(pattern: Json, args: Record<string, Json>): MatchResult {
  if (!isObject(pattern)) return { matched: false, key: "", reason: "match block is not an object" };
  return matchObject(pattern, args, "");
}

/**
 * Every top-level key of a match block judged on its own, by the same rules: how close a
 * scenario that did not match came (the "closest scenario" of a call that fell to the default).
 */
export function matchEachKey(pattern: Json, args: Record<string, Json>): { key: string; result: MatchResult }[] {
  if (!isObject(pattern)) return [{ key: "", result: matchArguments(pattern, args) }];
  return Object.keys(pattern).map((name) => ({ key: name, result: matchObject({ [name]: pattern[name] as Json }, args, "") }));
}
