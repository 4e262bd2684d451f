// JSON text as Go writes it, in the two forms production sends:
// - goMarshal: json.Marshal, the tool results' text content and every value the go-sdk embeds
//   pre-marshalled (schemas, structured output): compact, with <, >, & escaped as \u003c...;
// - goWireText: the go-sdk's JSON-RPC encoder (json.Encoder with SetEscapeHTML(false)), which
//   leaves <, >, & alone and writes a Raw value (a json.RawMessage) as it is.
// Both escape U+2028 and U+2029, and both order keys by keyOrder.ts. Measured by the parity twin.
import { goObjectKeys } from "./keyOrder.js";

/** Text already encoded (a json.RawMessage), written as it is. */
export class Raw {
  constructor(readonly text: string) {}
}

const HTML_ESCAPES: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const HTML = /[<>&\u2028\u2029]/g;
const SEPARATORS = /[\u2028\u2029]/g;
const escapeOne = (c: string): string => HTML_ESCAPES[c] as string;

/**
 * An array-index key as it appears in JSON text right after `{` or `,` (a quote there cannot be
 * inside a string, where quotes are escaped): only then can the key order differ from Go's.
 */
const INDEX_KEY = /[{,]"(?:0|[1-9]\d*)":/;

/** json.Marshal of plain data (no Raw inside). */
export function goMarshal(value: unknown): string {
  return plainText(value).replace(HTML, escapeOne);
}

/** json.Marshal of one string: goMarshal(text) without the object walk or the index-key scan. */
export function goMarshalString(text: string): string {
  return JSON.stringify(text).replace(HTML, escapeOne);
}

/** The go-sdk's wire encoder: a skeleton of plain objects and arrays whose leaves may be Raw. */
export function goWireText(value: unknown): string {
  return walk(value, SEPARATORS);
}

/**
 * JSON.stringify that survives any depth (V8's recurses and throws RangeError near 4,500 levels;
 * arguments can be nested deeper), keys in JavaScript's order, undefined members skipped.
 */
export function stringifyDeep(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  return walk(value, undefined, false);
}

/** Plain data in Go's key order: the native stringify, walked key by key only where an index key makes the order differ. */
function plainText(value: unknown): string {
  const text = stringifyDeep(value);
  return INDEX_KEY.test(text) ? walk(value, undefined) : text;
}

type Frame = { items: [string | null, unknown][]; next: number; close: string };

/** How deep the recursive writer goes before the value is handed to the explicit stack's. */
const RECURSION_LIMIT = 200;

/** Thrown by the recursive writer past RECURSION_LIMIT: the value is written again by walkDeep. */
const TOO_DEEP = Symbol("too deep");

/**
 * The one writer's rules: `escapes`, the characters escaped in what it writes (a Raw's text is
 * left as it is); `goOrder`, keys in Go's order (goObjectKeys) instead of JavaScript's. Written
 * by recursion while the value is shallow (every answer the wire writes): the explicit stack's
 * frames and item arrays made the wire's encoder three times JSON.stringify on a small answer.
 * A value nested deeper than RECURSION_LIMIT (arguments can be) is written by walkDeep, whose
 * depth costs no call stack; the two agree by construction (test/goJson pins both on one value).
 */
function walk(value: unknown, escapes: RegExp | undefined, goOrder = true): string {
  try {
    return writeShallow(value, escapes, goOrder, 0);
  } catch (err) {
    if (err !== TOO_DEEP) throw err;
  }
  return walkDeep(value, escapes, goOrder);
}

function scalarText(v: unknown, escapes: RegExp | undefined): string {
  if (typeof v === "boolean") return v ? "true" : "false";
  const text = typeof v === "number" && !Number.isFinite(v) ? "null" : (JSON.stringify(v) ?? "null");
  return escapes && typeof v === "string" ? text.replace(escapes, escapeOne) : text;
}

/**
 * Key texts, kept per set of escapes: every answer brings the same few keys (jsonrpc, id, result,
 * content...), and quoting each anew showed in every call's profile (scalarText, keys and values
 * together, was about 1 µs of a tools/call answer).
 * Bounded, since keys also come from what clients send: only short keys are kept, and past
 * KEY_TEXTS_MAX entries it starts over (at most about 64 KB of key text).
 */
const keyTexts = new Map<RegExp | undefined, Map<string, string>>();
const KEY_TEXTS_MAX = 1_000;
const KEPT_KEY_LENGTH = 64;

function keyText(k: string, escapes: RegExp | undefined): string {
  if (k.length > KEPT_KEY_LENGTH) return scalarText(k, escapes);
  let texts = keyTexts.get(escapes);
  if (!texts) keyTexts.set(escapes, (texts = new Map()));
  let text = texts.get(k);
  if (text === undefined) {
    text = scalarText(k, escapes);
    if (texts.size >= KEY_TEXTS_MAX) texts.clear();
    texts.set(k, text);
  }
  return text;
}

function writeShallow(v: unknown, escapes: RegExp | undefined, goOrder: boolean, depth: number): string {
  if (v instanceof Raw) return v.text;
  if (v === null || typeof v !== "object") return scalarText(v, escapes);
  if (depth >= RECURSION_LIMIT) throw TOO_DEEP;
  if (Array.isArray(v)) {
    let out = "[";
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out += ",";
      out += writeShallow(v[i], escapes, goOrder, depth + 1);
    }
    return out + "]";
  }
  const o = v as Record<string, unknown>;
  let out = "{";
  let first = true;
  for (const k of goOrder ? goObjectKeys(o) : Object.keys(o)) {
    const item = o[k];
    if (item === undefined) continue;
    if (!first) out += ",";
    first = false;
    out += `${keyText(k, escapes)}:${writeShallow(item, escapes, goOrder, depth + 1)}`;
  }
  return out + "}";
}

/** The same rules by an explicit stack, not recursion, so depth costs no call stack. */
function walkDeep(value: unknown, escapes: RegExp | undefined, goOrder = true): string {
  let out = "";
  const stack: Frame[] = [];
  const scalar = (v: unknown): string => scalarText(v, escapes);
  const open = (v: unknown): void => {
    if (v instanceof Raw) {
      out += v.text;
    } else if (v === null || typeof v !== "object") {
      out += scalar(v);
    } else if (Array.isArray(v)) {
      out += "[";
      stack.push({ items: v.map((item) => [null, item] as [null, unknown]), next: 0, close: "]" });
    } else {
      out += "{";
      const keys = (goOrder ? goObjectKeys(v) : Object.keys(v)).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
      stack.push({ items: keys.map((k) => [k, (v as Record<string, unknown>)[k]]), next: 0, close: "}" });
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
    if (key !== null) out += `${scalar(key)}:`;
    open(item);
  }
  return out;
}
