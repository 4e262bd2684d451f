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
