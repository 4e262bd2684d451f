// A request body (or a stdio line) read as the go-sdk reads it: its JSON decoder takes the first
// JSON value and ignores what follows, words a syntax error with the rest of the input after
// `json: ...: `, and a value of the wrong Go type by quoting the raw text from that value on.
// Those texts reach the client verbatim in `malformed payload: ...`, so they are reproduced here
// from the raw text, which JSON.parse alone cannot give (measured against go-sdk v1.6.1).

import type { Profile } from "../profiles/profiles.js";
import { setOwn } from "../../base/setOwn.js";
import { decoderPrefix, unquotedPrefix } from "../../base/decoderPrefix.js";
import { goQuote } from "../../base/goQuote.js";

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
  return decoderPrefix(s.slice(at));
}

/** Go's %q of a text. */
const quote = goQuote;

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

/** Each top-level member of an object as it is scanned: its key and where its value starts (duplicates each time). */
type OnMember = (key: string, at: number) => void;

/** Where the JSON value starting at `i` ends; `onMember` hears each top-level member. */
function scanValue(s: string, i: number, onMember?: OnMember): number {
  if (i >= s.length) throw eof(i);
  const c = s[i];
  if (c === "{") return scanObject(s, i + 1, onMember);
  if (c === "[") return scanArray(s, i + 1);
  if (c === '"') return scanString(s, i + 1);
  if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return scanNumber(s, i);
  // A literal is compared whole: fewer bytes left than it has is the end of the input, anything
  // else quotes the text from the literal on (measured: "tré").
  for (const word of ["true", "false", "null"]) {
    if (c === word[0]) {
      if (s.startsWith(word, i)) return i + word.length;
      if (Buffer.byteLength(s.slice(i, i + word.length), "utf8") < word.length) throw eof(s.length);
      throw new ScanError(`expected '${word}' but found invalid token`, i);
    }
  }
  throw new ScanError(`invalid character '${char(s, i)}' looking for beginning of value`, i);
}

/**
 * Where the string whose opening quote is at `i - 1` ends, read as segmentio/encoding's
 * parseString reads it: no quote anywhere after it is the end of the input; a control character or an
 * unknown escape is refused quoting the text from the opening quote (measured: a tab inside a
 * string). A \u escape's four hex digits are only counted here.
 */
function scanString(s: string, i: number): number {
  const start = i - 1;
  // A string the input ends inside is the end of the input (measured: a body cut in a string).
  if (s.indexOf('"', i) < 0) throw eof(s.length);
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      const e = s[i + 1];
      if (e === undefined) break;
      if (e === "u") {
        if (s.length - (i + 2) < 4) throw new ScanError("unicode code point must have at least 4 characters", i + 2);
        i += 6;
      } else if ('"\\/nrtfb'.includes(e)) i += 2;
      else throw new ScanError(`invalid character '${char(s, i + 1)}' in string escape code`, start);
      continue;
    }
    if (c < 0x20) throw new ScanError(`invalid character '${String.fromCharCode(c)}' in string escape code`, start);
    i++;
  }
  throw eof(s.length);
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/**
 * Where the number at `i` ends, read as segmentio/encoding's parseNumber reads it: its errors
 * quote the text from the number's start. A leading 0 ends the number (what follows is then out
 * of place wherever it stands).
 */
function scanNumber(s: string, i: number): number {
  let j = i;
  if (s[j] === "-") j++;
  // Cut short inside the number (after a sign, a point, an exponent mark) is the input's end.
  if (j >= s.length) throw eof(j);
  if (!isDigit(s[j])) throw new ScanError(`expected digit but got '${char(s, j)}'`, i);
  if (s[j] === "0") {
    j++;
    if (j >= s.length || (s[j] !== "." && s[j] !== "e" && s[j] !== "E")) return j;
  }
  while (isDigit(s[j])) j++;
  if (s[j] === ".") {
    const from = ++j;
    while (isDigit(s[j])) j++;
    if (j === from) throw j < s.length ? new ScanError(`expected digit but found '${char(s, j)}'`, i) : eof(j);
  }
  if (s[j] === "e" || s[j] === "E") {
    j++;
    if (s[j] === "+" || s[j] === "-") j++;
    if (j >= s.length) throw eof(j);
    const from = j;
    while (isDigit(s[j])) j++;
    if (j === from) throw new ScanError(`expected digit but found '${char(s, j)}'`, i);
  }
  return j;
}

function scanObject(s: string, i: number, onMember?: OnMember): number {
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
    if (onMember) {
      try {
        onMember(JSON.parse(key) as string, i);
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
    scanValue(raw, at, (k, i) => starts.set(k, i));
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

/**
 * A Go struct as the decoder fills it, for its type errors: `strings` are string fields;
 * `objects` take an object (a map or a struct), by the Go type the decoder names; `stringMaps`
 * are map[string]string fields; `ownText` fields' types unmarshal themselves, so their error
 * quotes the value alone. Field names are JSON names.
 */
export interface GoStruct {
  type: string;
  strings: readonly string[];
  objects?: Readonly<Record<string, string>>;
  stringMaps?: readonly string[];
  ownText?: readonly string[];
}

/**
 * The decoder's type error for the JSON text `raw` unmarshalled into `struct`: not an object at
 * all, or the first field (in the text's order, duplicates included: the decoder reads each) that
 * holds another type. The quote is the text from the bad value on, cut as a syntax error's
 * (prefix). Undefined when it unmarshals.
 */
export function goTypeError(raw: string, struct: GoStruct): string | undefined {
  const { type, strings, objects = {}, stringMaps = [], ownText = [] } = struct;
  const at = skipSpaces(raw, 0);
  if (raw[at] !== "{") return raw[at] === "n" ? undefined : `json: cannot unmarshal ${quote(prefix(raw, at))} into Go value of type ${type}`;
  const members: [string, number][] = [];
  try {
    scanValue(raw, at, (k, i) => members.push([k, i]));
  } catch {
    return undefined;
  }
  for (const [key, from] of members) {
    const c = raw[from];
    if (c === "n") continue;
    if (strings.includes(key) && c !== '"') return `json: cannot unmarshal ${quote(prefix(raw, from))} into Go struct field ${type}.${key} of type string`;
    const objectType = Object.prototype.hasOwnProperty.call(objects, key) ? objects[key] : stringMaps.includes(key) ? "map[string]string" : undefined;
    if (objectType === undefined) continue;
    if (c !== "{") {
      const text = ownText.includes(key) ? raw.slice(from, scanValue(raw, from)) : prefix(raw, from);
      return `json: cannot unmarshal ${quote(text)} into Go struct field ${type}.${key} of type ${objectType}`;
    }
    if (stringMaps.includes(key)) {
      // A value of the map that is not a string, named as the decoder names a map's element.
      let inner: string | undefined;
      scanValue(raw, from, (k, i) => {
        if (inner === undefined && raw[i] !== '"' && raw[i] !== "n") inner = `json: cannot unmarshal ${quote(prefix(raw, i))} into Go struct field ${type}map[string]string.${key}.${k} of type string`;
      });
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
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
  if (typeof m !== "object" || m === null || Array.isArray(m)) return goTypeError(raw, { type: "jsonrpc2.wireDecode", strings: [] });
  if (mistyped(m, ["jsonrpc"]) || repeatsKey(raw, ["jsonrpc"])) {
    const problem = goTypeError(raw, { type: "jsonrpc2.wireDecode", strings: ["jsonrpc"] });
    if (problem) return problem;
  }
  // The method is kept raw (the last of that key) and only then read as a string.
  let from: number | undefined;
  try {
    scanValue(raw, skipSpaces(raw, 0), (k, i) => k === "method" && (from = i));
  } catch {
    return undefined;
  }
  if (from === undefined || raw[from] === '"' || raw[from] === "n") return undefined;
  return `json: cannot unmarshal ${quote(raw.slice(from, scanValue(raw, from)))} into Go value of type string`;
}

/** Whether `value` fails to unmarshal into a struct whose fields `strings` are strings (see GoStruct for the rest). */
export function mistyped(value: unknown, strings: readonly string[], struct: Omit<GoStruct, "type" | "strings"> = {}): boolean {
  if (value === null) return false;
  if (typeof value !== "object" || Array.isArray(value)) return true;
  const o = value as Record<string, unknown>;
  const set = (v: unknown) => v !== undefined && v !== null;
  const isObj = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
  if (strings.some((f) => set(o[f]) && typeof o[f] !== "string")) return true;
  if (Object.keys(struct.objects ?? {}).some((f) => set(o[f]) && !isObj(o[f]))) return true;
  return (struct.stringMaps ?? []).some((f) => set(o[f]) && (!isObj(o[f]) || Object.values(o[f] as object).some((v) => set(v) && typeof v !== "string")));
}

/** Whether a key of `names` comes twice in the text: an earlier value the parse dropped may be one the decoder refuses. */
export function repeatsKey(raw: string, names: readonly string[]): boolean {
  return names.some((n) => {
    const key = `"${n}"`;
    const first = raw.indexOf(key);
    return first >= 0 && raw.indexOf(key, first + key.length) >= 0;
  });
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
function checkMessage(m: unknown, raw: string, profile: Profile): string | undefined {
  // The text is scanned again only when the parsed value shows a type error to word.
  if (mistyped(m, ["jsonrpc", "method"]) || repeatsKey(raw, ["jsonrpc", "method"])) {
    // v1.7.0 keeps the method raw, so only its last value counts (wireDecodeError).
    const v170 = profile.has("empty-method-key");
    const problem = (v170 ? wireDecodeError(m, raw) : undefined) ?? (v170 && !mistyped(m, ["jsonrpc", "method"]) ? undefined : goTypeError(raw, { type: wireType, strings: ["jsonrpc", "method"] }));
    if (problem !== undefined || mistyped(m, ["jsonrpc", "method"])) return unmarshaling(problem ?? "");
  }
  const o = m as Record<string, unknown>;
  const tag = typeof o.jsonrpc === "string" ? o.jsonrpc : "";
  if (tag !== "2.0") return `invalid message version tag ${quote(tag)}; expected "2.0"`;
  const id = o.id;
  // A number past float64's range (1E400): JSON.parse makes it Infinity, the decoder refuses it
  // quoting the number alone.
  if (typeof id === "number" && !Number.isFinite(id)) {
    let from = 0;
    scanValue(raw, skipSpaces(raw, 0), (k, i) => k === "id" && (from = i));
    const type = profile.has("empty-method-key") ? "jsonrpc2.wireDecode" : wireType;
    return unmarshaling(`json: cannot unmarshal ${quote(raw.slice(from, scanValue(raw, from)))} into Go struct field ${type}.id of type float64`);
  }
  if (id !== undefined && id !== null && typeof id !== "string" && typeof id !== "number") return `parse error: invalid ID type ${goTypeName(id)}`;
  if (typeof id === "number" && !Number.isInteger(id)) o.id = Math.trunc(id);
  const method = typeof o.method === "string" ? o.method : "";
  // From v1.7.0 `"method": ""` is a method (a notification of it), told apart from none.
  const namedEmpty = profile.has("empty-method-key") && o.method === "";
  if (method === "" && (id === undefined || id === null) && !namedEmpty) return "invalid request";
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
export function goDecode(text: string, profile: Profile): Decoded {
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
      return { ok: false, reason: unmarshaling(err.reason === "" ? "unexpected EOF" : `json: ${err.reason}: ${unquotedPrefix(prefix(text, err.at))}`) };
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
    // Each element is checked on its own text, as sent (a refusal quotes it).
    const texts = elementTexts(text, start);
    for (let k = 0; k < value.length; k++) {
      const problem = checkMessage(value[k], texts[k] ?? JSON.stringify(value[k]), profile);
      if (problem) return { ok: false, reason: problem };
    }
    return { ok: true, value, texts };
  }
  const own = start === 0 && end === text.length ? text : text.slice(start, end);
  const problem = checkMessage(value, own, profile);
  return problem ? { ok: false, reason: problem } : { ok: true, value, texts: [own] };
}
