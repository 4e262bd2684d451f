// A call's arguments as a `json match` block, as exact as the match rules allow: every argument
// key is listed, and a string that the rules would read as an operator (`*`, `~x`, `=x`) is
// written with the literal prefix `=`. What the rules cannot say is left to the guard
// (exactGuard.ts): strings compare case-insensitively, a listed key does not forbid others, and
// an array matches when each listed element matches some element.
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";

/** Keys whose values were redacted match any value present (`"*"`), so the real call still matches. */
export function matchPattern(args: JsonObject, redacted: (key: string) => boolean): JsonObject {
  const walk = (value: Json, key: string | undefined): Json => {
    if (key !== undefined && redacted(key)) return "*";
    if (typeof value === "string") return value === "*" || value.startsWith("~") || value.startsWith("=") ? `=${value}` : value;
    if (Array.isArray(value)) return value.map((v) => walk(v, undefined));
    if (isObject(value)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: walk(v, k), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return value;
  };
  return walk(args, undefined) as JsonObject;
}

/** The arguments a pattern written by matchPattern was made from (`*` stands for any value). */
export function argumentsOf(pattern: Json): Json {
  if (typeof pattern === "string") return pattern.startsWith("=") ? pattern.slice(1) : pattern;
  if (Array.isArray(pattern)) return pattern.map(argumentsOf);
  if (isObject(pattern)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(pattern)) Object.defineProperty(out, k, { value: argumentsOf(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return pattern;
}
