import { stringifyDeep } from "./jsonText.js";

// Text content as Go's encoding/json writes it (SPEC-NOTES 4): compact, with <, >, & and the
// JavaScript line separators escaped, so clients comparing bytes see what production sends.

const GO_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

export function goJson(value: unknown): string {
  return stringifyDeep(value).replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c] as string);
}
