// A request body (or a stdio line) read as the go-sdk reads it: its JSON decoder takes the first
// JSON value and ignores what follows, words a syntax error with the rest of the input after
// `json: ...: `, and a value of the wrong Go type by quoting the raw text from that value on.
// Those texts reach the client verbatim in `malformed payload: ...`, so they are reproduced here
// from the raw text, which JSON.parse alone cannot give (measured against go-sdk v1.6.1).

import { served } from "../profiles/profiles.js";
import { setOwn } from "../../base/setOwn.js";

/** `texts`: each message's own text as it came, spaces around it left out (one per element of a batch). */
export type Decoded = { ok: true; value: unknown; texts: string[] } | { ok: false; reason: string };

class ScanError {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {}
}

const eof = (at: number) => new ScanError("", at);

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpaces(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** The rest of the input as the decoder quotes it in a syntax error: at most 32 bytes, then "...". */
function prefix(s: string, at: number): string {
  const rest = Buffer.from(s.slice(at), "utf8");
  return rest.length < 32 ? rest.toString("utf8") : `${rest.subarray(0, 32).toString("utf8")}...`;
}

/** Go's %q of a text: a JSON string literal is close enough for what a body holds. */
const quote = (text: string) => JSON.stringify(text);

/**
 * The character the decoder names at `i`: it prints one byte with %c, so a character written in
 * several UTF-8 bytes is named by its first byte read as a code point (a byte-order mark, EF BB
 * BF, is 'ï'; measured against go-sdk v1.6.1).
 */
function char(s: string, i: number): string {
  const code = s.codePointAt(i);
  if (code === undefined) return "";
  return code < 0x80 ? String.fromCharCode(code) : String.fromCharCode(Buffer.from(String.fromCodePoint(code), "utf8")[0] as number);
}

/** Where the JSON value starting at `i` ends; `starts` gets each top-level member's value offset. */
function scanValue(s: string, i: number, starts?: Map<string, number>): number {
  if (i >= s.length) throw eof(i);
  const c = s[i];
  if (c === "{") return scanObject(s, i + 1, starts);
  if (c === "[") return scanArray(s, i + 1);
  if (c === '"') return scanString(s, i + 1);
  if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return scanNumber(s, i);
  for (const word of ["true", "false", "null"]) {
    if (c === word[0]) {
      for (let k = 1; k < word.length; k++) {
        if (i + k >= s.length) throw eof(i + k);
        if (s[i + k] !== word[k]) throw new ScanError(`invalid character '${char(s, i + k)}' in literal ${word} (expecting '${word[k]}')`, i + k);
      }
      return i + word.length;
    }
  }
  throw new ScanError(`invalid character '${char(s, i)}' looking for beginning of value`, i);
}

function scanString(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) i += 2;
    else i++;
  }
  throw eof(i);
}

function scanNumber(s: string, i: number): number {
  let j = i;
  if (s[j] === "-") j++;
  while (j < s.length && /[0-9.eE+-]/.test(s[j] as string)) j++;
  if (j >= s.length) return j;
  return j;
}

function scanObject(s: string, i: number, starts?: Map<string, number>): number {
  i = skipSpaces(s, i);
  if (i >= s.length) throw eof(i);
  if (s[i] === "}") return i + 1;
  for (;;) {
    if (s[i] !== '"') throw new ScanError(`expected '"' at the beginning of a string value`, i);
    const keyEnd = scanString(s, i + 1);
    const key = s.slice(i, keyEnd);
    i = skipSpaces(s, keyEnd);
    if (i >= s.length) throw eof(i);
    if (s[i] !== ":") throw new ScanError(`expected ':' after object field key but found '${char(s, i)}'`, i);
    i = skipSpaces(s, i + 1);
    if (starts) {
      try {
        starts.set(JSON.parse(key) as string, i);
      } catch {
        // A key JSON.parse refuses: the whole body is refused by the caller's parse anyway.
      }
    }
    i = skipSpaces(s, scanValue(s, i));
    if (i >= s.length) throw eof(i);
    if (s[i] === "}") return i + 1;
    if (s[i] !== ",") throw new ScanError(`expected ',' after object field value but found '${char(s, i)}'`, i);
    i = skipSpaces(s, i + 1);
    if (i >= s.length) throw eof(i);
    if (s[i] === "}") throw new ScanError("unexpected trailing comma after object field", i);
  }
}

function scanArray(s: string, i: number, elements?: [number, number][]): number {
  i = skipSpaces(s, i);
  if (i >= s.length) throw eof(i);
  if (s[i] === "]") return i + 1;
  for (;;) {
    const from = i;
    const to = scanValue(s, i);
    elements?.push([from, to]);
    i = skipSpaces(s, to);
    if (i >= s.length) throw eof(i);
    if (s[i] === "]") return i + 1;
    if (s[i] !== ",") throw new ScanError(`expected ',' after array element but found '${char(s, i)}'`, i);
    i = skipSpaces(s, i + 1);
    if (i >= s.length) throw eof(i);
    // The decoder words a trailing comma in an array as in an object (measured).
    if (s[i] === "]") throw new ScanError("unexpected trailing comma after object field", i);
  }
}

const unmarshaling = (reason: string) => `unmarshaling jsonrpc message: ${reason}`;

/**
 * The text of a message's top-level member `key` as it was sent (the last of that name, as the
 * decoder keeps a json.RawMessage), or undefined. The go-sdk quotes a params text verbatim.
 */
export function memberText(raw: string, key: string): string | undefined {
  const at = skipSpaces(raw, 0);
  if (raw[at] !== "{") return undefined;
  const starts = new Map<string, number>();
  try {
    scanValue(raw, at, starts);
    const from = starts.get(key);
    return from === undefined ? undefined : raw.slice(from, scanValue(raw, from));
  } catch {
    return undefined;
  }
}

/** Each element's text of the well-formed JSON array starting at `start`. */
function elementTexts(text: string, start: number): string[] {
  const spans: [number, number][] = [];
  scanArray(text, start + 1, spans);
  return spans.map(([from, to]) => text.slice(from, to));
}

/** A Go map[string]any field's type as the decoder names it (every params struct's `_meta`). */
const goMapType = "map[string]interface {}";

/**
 * The decoder's type error for the JSON text `raw` unmarshalled into Go struct `type` whose
 * fields `strings` are strings and `maps` maps: not an object at all, or the first such field
 * (in the text's order) holding another type. The quote is the text from the bad value on, cut
 * as a syntax error's (prefix).
 */
export function goTypeError(raw: string, type: string, strings: readonly string[], maps: readonly string[] = []): string | undefined {
  const at = skipSpaces(raw, 0);
  if (raw[at] !== "{") return raw[at] === "n" ? undefined : `json: cannot unmarshal ${quote(prefix(raw, at))} into Go value of type ${type}`;
  const starts = new Map<string, number>();
  try {
    scanValue(raw, at, starts);
  } catch {
    return undefined;
  }
  // In the order the fields come in the text: the decoder stops at the first.
  const wrong = ([key, from]: [string, number]) => raw[from] !== "n" && ((strings.includes(key) && raw[from] !== '"') || (maps.includes(key) && raw[from] !== "{"));
  const bad = [...starts].filter(wrong).sort((a, b) => a[1] - b[1])[0];
  return bad && `json: cannot unmarshal ${quote(prefix(raw, bad[1]))} into Go struct field ${type}.${bad[0]} of type ${strings.includes(bad[0]) ? "string" : goMapType}`;
}

const wireType = "jsonrpc2.wireCombined";

/**
 * v1.7.0's jsonrpc2.wireDecode keeps the method raw to tell `"method": ""` from none, and
 * unmarshals it into a string on its own: a body that is not an object names wireDecode, a
 * method that is not a string quotes the method's value alone, and a "jsonrpc" that is not a
 * string names wireDecode's field (the raw method never fails the struct's decode, so
 * "jsonrpc" is its only string field; measured: http/body/jsonrpc-not-a-string).
 */
function wireDecodeError(m: unknown, raw: string): string | undefined {
  if (typeof m !== "object" || m === null || Array.isArray(m)) return goTypeError(raw, "jsonrpc2.wireDecode", []);
  if (mistyped(m, ["jsonrpc"])) return goTypeError(raw, "jsonrpc2.wireDecode", ["jsonrpc"]);
  const starts = new Map<string, number>();
  try {
    scanValue(raw, skipSpaces(raw, 0), starts);
  } catch {
    return undefined;
  }
  const from = starts.get("method");
  if (from === undefined) return undefined;
  return `json: cannot unmarshal ${quote(raw.slice(from, scanValue(raw, from)))} into Go value of type string`;
}

/** Whether `value` fails to unmarshal into a struct whose fields `strings` are strings and `maps` maps. */
export function mistyped(value: unknown, strings: readonly string[], maps: readonly string[] = []): boolean {
  if (value === null) return false;
  if (typeof value !== "object" || Array.isArray(value)) return true;
  for (const field of strings) {
    const v = (value as Record<string, unknown>)[field];
    if (v !== undefined && v !== null && typeof v !== "string") return true;
  }
  for (const field of maps) {
    const v = (value as Record<string, unknown>)[field];
    if (v !== undefined && v !== null && (typeof v !== "object" || Array.isArray(v))) return true;
  }
  return false;
}

/** Go's %T of an id of a type jsonrpc2.MakeID refuses. */
function goTypeName(v: unknown): string {
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return "[]interface {}";
  return "map[string]interface {}";
}

/**
 * One message as jsonrpc2.DecodeMessage takes it: string fields must be strings (null counts as
 * absent), the version tag "2.0", the id a string or a number (a fraction is cut to an integer),
 * and a message without a method must have an id (a response). `raw` is the message's text.
 */
function checkMessage(m: unknown, raw: string): string | undefined {
  // The text is scanned again only when the parsed value shows a type error to word.
  if (mistyped(m, ["jsonrpc", "method"])) {
    const v170 = served("empty-method-key") ? wireDecodeError(m, raw) : undefined;
    return unmarshaling(v170 ?? goTypeError(raw, wireType, ["jsonrpc", "method"]) ?? "");
  }
  const o = m as Record<string, unknown>;
  const tag = typeof o.jsonrpc === "string" ? o.jsonrpc : "";
  if (tag !== "2.0") return `invalid message version tag ${quote(tag)}; expected "2.0"`;
  const id = o.id;
  if (id !== undefined && id !== null && typeof id !== "string" && typeof id !== "number") return `parse error: invalid ID type ${goTypeName(id)}`;
  if (typeof id === "number" && !Number.isInteger(id)) o.id = Math.trunc(id);
  const method = typeof o.method === "string" ? o.method : "";
  if (method === "" && (id === undefined || id === null)) return "invalid request";
  return undefined;
}

/** An escaped UTF-16 surrogate in JSON text (`\ud800`): only these can decode to half a pair. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/**
 * The value with every lone surrogate (an escaped half pair with no partner) as U+FFFD, in strings
 * and keys, as Go's decoder reads them (encoding/json replaces invalid surrogates): a validation
 * message or an echoed argument then quotes what production quotes. JSON.parse keeps the half.
 */
function wellFormed(value: unknown): unknown {
  const fix = (v: unknown): unknown => (typeof v === "string" ? wellFormedText(v) : v);
  if (value === null || typeof value !== "object") return fix(value);
  const root: unknown = Array.isArray(value) ? [] : {};
  // An explicit stack: a body can be nested deeper than the call stack.
  const stack: [unknown, unknown][] = [[value, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]];
    for (const [k, v] of Object.entries(from)) {
      let copy = fix(v);
      if (v !== null && typeof v === "object") stack.push([v, (copy = Array.isArray(v) ? [] : {})]);
      if (Array.isArray(to)) to.push(copy);
      else setOwn(to, wellFormedText(k), copy);
    }
  }
  return root;
}

/** A high half not followed by a low one, or a low half not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, "\ufffd");
}

/**
 * The body's messages, or the reason the go-sdk gives after `malformed payload: `. `value` is an
 * array for a batch, else the one message. JSON `null` and `[]` are an empty batch.
 */
export function goDecode(text: string): Decoded {
  const start = skipSpaces(text, 0);
  if (start >= text.length) return { ok: false, reason: unmarshaling("EOF") };
  let value: unknown;
  // Where the value ends: the text less its trailing spaces, or where the decoder stopped.
  let end = text.length;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      end = scanValue(text, start);
    } catch (err) {
      if (!(err instanceof ScanError)) throw err;
      return { ok: false, reason: unmarshaling(err.reason === "" ? "unexpected EOF" : `json: ${err.reason}: ${prefix(text, err.at)}`) };
    }
    // The decoder reads one value; whatever follows it is never looked at.
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      return { ok: false, reason: unmarshaling("unexpected EOF") };
    }
  }
  if (SURROGATE_ESCAPE.test(text)) value = wellFormed(value);
  if (value === null || (Array.isArray(value) && value.length === 0)) return { ok: false, reason: "empty batch" };
  if (Array.isArray(value)) {
    for (const m of value) {
      const problem = checkMessage(m, JSON.stringify(m));
      if (problem) return { ok: false, reason: problem };
    }
    return { ok: true, value, texts: elementTexts(text, start) };
  }
  const own = start === 0 && end === text.length ? text : text.slice(start, end);
  const problem = checkMessage(value, own);
  return problem ? { ok: false, reason: problem } : { ok: true, value, texts: [own] };
}
