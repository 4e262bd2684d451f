// A `json response` / `json error` block compiled once per file version into a tree of nodes,
// so each call only walks the tree. Placeholders are resolved on the parsed JSON tree, never by
// text substitution: an argument can change values, never the shape of a response.
import { jsonError, JsonTextError, lineOf } from "../base/jsonText.js";
import { parsePlaceholder, PlaceholderError, type Placeholder } from "./placeholder.js";
import type { Json } from "../base/types.js";

export type TemplateNode =
  | { t: "literal"; value: Json }
  | { t: "bare"; ph: Placeholder }
  | { t: "text"; parts: (string | Placeholder)[] }
  | { t: "array"; items: TemplateNode[] }
  | { t: "object"; entries: [string, TemplateNode][] };

export interface Template {
  root: TemplateNode;
}

/** Key of the stand-in object a bare `{{...}}` becomes before JSON.parse sees the text. */
const BARE_KEY = "\u0000careem-mcp-bare-placeholder";

/**
 * Replace every `{{...}}` that stands outside a JSON string with a stand-in object, so the
 * block parses as JSON while remembering which values were bare placeholders.
 */
function protectBarePlaceholders(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      out += c;
      if (c === "\\") {
        out += text[i + 1] ?? "";
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    if (c === "{" && text[i + 1] === "{") {
      const end = text.indexOf("}}", i + 2);
      if (end < 0) throw new JsonTextError("unclosed placeholder: a bare {{ has no matching }}", lineOf(text, i));
      const expression = text.slice(i + 2, end);
      out += `{${JSON.stringify(BARE_KEY)}:${JSON.stringify(expression)}}`;
      i = end + 1;
      continue;
    }
    out += c;
  }
  return out;
}

function placeholderAt(text: string, expression: string): Placeholder {
  try {
    return parsePlaceholder(expression);
  } catch (err) {
    if (err instanceof PlaceholderError) {
      const at = text.indexOf(`{{${expression}`);
      throw new JsonTextError(err.message, at < 0 ? 0 : lineOf(text, at));
    }
    throw err;
  }
}

function compileString(value: string, text: string): TemplateNode {
  if (!value.includes("{{")) return { t: "literal", value };
  const parts: (string | Placeholder)[] = [];
  let last = 0;
  const pattern = /\{\{(.*?)\}\}/g;
  for (let m = pattern.exec(value); m; m = pattern.exec(value)) {
    if (m.index > last) parts.push(value.slice(last, m.index));
    parts.push(placeholderAt(text, m[1] as string));
    last = m.index + m[0].length;
  }
  const rest = value.slice(last);
  if (rest.includes("{{")) {
    const at = text.indexOf(rest);
    throw new JsonTextError(`unclosed placeholder in string ${JSON.stringify(value)} (a {{ has no matching }})`, at < 0 ? 0 : lineOf(text, at));
  }
  if (rest) parts.push(rest);
  return { t: "text", parts };
}

function compileNode(value: unknown, text: string): TemplateNode {
  if (typeof value === "string") return compileString(value, text);
  if (Array.isArray(value)) {
    const items = value.map((v) => compileNode(v, text));
    return items.every((n) => n.t === "literal") ? { t: "literal", value: value as Json } : { t: "array", items };
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    // Only a string can be a stand-in: an author who writes the key with a non-string value by
    // hand gets an ordinary object, not a TypeError that would take the whole catalog down.
    if (keys.length === 1 && keys[0] === BARE_KEY && typeof (value as Record<string, unknown>)[BARE_KEY] === "string") {
      return { t: "bare", ph: placeholderAt(text, (value as Record<string, string>)[BARE_KEY] as string) };
    }
    const entries: [string, TemplateNode][] = keys.map((k) => [k, compileNode((value as Record<string, unknown>)[k], text)]);
    return entries.every(([, n]) => n.t === "literal") ? { t: "literal", value: value as Json } : { t: "object", entries };
  }
  return { t: "literal", value: value as Json };
}

/** Compile block text. Throws JsonTextError (with a 0-based line offset) on any problem. */
export function compileTemplate(text: string): Template {
  const protectedText = protectBarePlaceholders(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(protectedText);
  } catch (err) {
    // Placed in the text as written, where a bare {{...}} is a value, not in the stand-in text.
    throw jsonError(text, err, { barePlaceholders: true });
  }
  return { root: compileNode(parsed, text) };
}
