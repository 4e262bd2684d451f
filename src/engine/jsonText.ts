// JSON parsing that reports where it broke, so a tool-file error can say file:line.
import { jsonErrorAt } from "./jsonErrorAt.js";

export class JsonTextError extends Error {
  constructor(
    message: string,
    /** 0-based line within the parsed text. */
    readonly lineOffset: number,
  ) {
    super(message);
  }
}

/** 0-based line and 1-based column of a character offset in text. */
export function placeOf(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(index, text.length)));
  const lastNewline = before.lastIndexOf("\n");
  return { line: lineOf(text, index), column: before.length - lastNewline };
}

/**
 * V8's JSON.parse message without its place and its quote of the text: "Unexpected token 'o',
 * ...\"b\": oops }\" is not valid JSON" -> "Unexpected token 'o'". The quote carried raw newlines
 * that broke the one-line `file:line: message` format, and the place is given as a column.
 */
function reasonOf(message: string): string {
  return message
    .replace(/^JSON\.parse: /, "")
    .replace(/, (\.\.\.)?"[\s\S]*" is not valid JSON$/, "")
    .replace(/ (in JSON )?at position \d+[\s\S]*$/, "")
    // A token that is a control character is shown escaped, so the message stays on one line.
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Where an error found at `at` was caused, when that is knowable and on an earlier line: a value
 * ending its line with no "," after it (the parser only notices on the next line), or a "," left
 * before a closing bracket.
 */
function causeOf(text: string, at: number, opts: { barePlaceholders?: boolean }): { index: number; hint: string } | undefined {
  let end = at - 1;
  while (end >= 0 && /\s/.test(text[end] as string)) end--;
  if (end < 0 || !text.slice(end + 1, at).includes("\n")) return undefined;
  const before = text[end] as string;
  const next = text[at];
  if (before === "," && (next === "}" || next === "]")) return { index: end, hint: `a trailing "," before "${next}"` };
  // A complete value before it is a whole document with something after it, not a missing ",".
  const inside = jsonErrorAt(text.slice(0, end + 1), opts) !== -1;
  if (inside && next !== undefined && !",:}]".includes(next) && /["\d}\]el]/.test(before)) return { index: end + 1, hint: 'a "," is missing at the end of this line' };
  return undefined;
}

/** The error for JSON text that did not parse: its exact line and column, one line of text. */
export function jsonError(text: string, err: unknown, opts: { barePlaceholders?: boolean } = {}): JsonTextError {
  const message = err instanceof Error ? err.message : String(err);
  let at = jsonErrorAt(text, opts);
  if (at < 0) {
    const position = /position (\d+)/.exec(message);
    at = position ? Number(position[1]) : 0;
  }
  const cause = causeOf(text, at, opts);
  const { line, column } = placeOf(text, cause?.index ?? at);
  return new JsonTextError(`invalid JSON at column ${column}: ${reasonOf(message)}${cause ? ` (${cause.hint})` : ""}`, line);
}

/** Line (0-based) of a character offset in text. */
export function lineOf(text: string, index: number): number {
  let line = 0;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw jsonError(text, err);
  }
}

/**
 * JSON.stringify that survives any depth. V8's JSON.stringify recurses and throws RangeError
 * near 4,500 levels; arguments can be nested deeper than that, so fall back to an explicit
 * stack. Output is identical: compact, keys in insertion order, undefined members skipped.
 */
export function stringifyDeep(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  return stringifyIterative(value, false);
}

/**
 * A key JavaScript lists before all others, in numeric order, whatever the order it was added in:
 * an array index ("0", "9", "10"), as it appears in JSON text right after `{` or `,` (a quote
 * there cannot be inside a string, where quotes are escaped).
 */
const INDEX_KEY = /[{,]"(?:0|[1-9]\d*)":/;

/** An array index as a key: JavaScript lists these first, in numeric order. */
export const isIndexKey = (key: string): boolean => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;

/**
 * JSON text as Go would write the same data. An object with array-index keys ("9", "10") can
 * only be a Go map (struct fields are never numbers), and encoding/json sorts a map's keys as
 * strings ("10" before "9"); a JavaScript object lists them first, in numeric order, however it
 * was built. Such objects are written with their keys sorted; every other object keeps its
 * order. The text is written key by key only when such a key is present.
 */
export function stringifyGoKeyOrder(value: unknown): string {
  const text = stringifyDeep(value);
  return INDEX_KEY.test(text) ? stringifyIterative(value, true) : text;
}

/** `goMaps`: an object with an array-index key has its keys sorted (see stringifyGoKeyOrder). */
function stringifyIterative(value: unknown, goMaps: boolean): string {
  let out = "";
  type Frame = { items: [string | null, unknown][]; next: number; close: string };
  const stack: Frame[] = [];
  const open = (v: unknown): void => {
    if (v === null || typeof v !== "object") {
      out += typeof v === "number" && !Number.isFinite(v) ? "null" : (JSON.stringify(v) ?? "null");
      return;
    }
    if (Array.isArray(v)) {
      out += "[";
      stack.push({ items: v.map((item) => [null, item] as [null, unknown]), next: 0, close: "]" });
    } else {
      out += "{";
      const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
      const entries = goMaps && keys.some(isIndexKey) ? keys.sort() : keys;
      stack.push({ items: entries.map((k) => [k, (v as Record<string, unknown>)[k]]), next: 0, close: "}" });
    }
  };
  open(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next >= frame.items.length) {
      out += frame.close;
      stack.pop();
      continue;
    }
    const [key, item] = frame.items[frame.next] as [string | null, unknown];
    if (frame.next > 0) out += ",";
    frame.next++;
    if (key !== null) out += `${JSON.stringify(key)}:`;
    open(item);
  }
  return out;
}
