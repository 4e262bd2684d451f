import { stringifyGoKeyOrder } from "./jsonText.js";

// Text content as Go's encoding/json writes it, since production's text content is json.Marshal's
// output: compact, with <, >, & and the
// JavaScript line separators escaped, and a map's array-index keys in Go's order, so clients
// comparing bytes see what production sends.

const GO_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

export function goJson(value: unknown): string {
  return goEscape(stringifyGoKeyOrder(value));
}

function goEscape(text: string): string {
  return text.replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c] as string);
}

/**
 * goJson texts of objects that are never changed after being written: a call's structured output
 * is written once for its text content and then again, identically, where the JSON-RPC answer
 * embeds it (goWire). Remembered per object, forgotten with it: half the cost of that output.
 */
const written = new WeakMap<object, string>();

/** goJson of an object its owner will not change again; goJsonOf finds the text later. */
export function goJsonFinal(value: object): string {
  const text = goJson(value);
  written.set(value, text);
  return text;
}

/** The text goJsonFinal wrote for this object, or goJson of it. */
export function goJsonOf(value: unknown): string {
  return (typeof value === "object" && value !== null && written.get(value)) || goJson(value);
}
