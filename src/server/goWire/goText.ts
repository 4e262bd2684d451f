// JSON text as the go-sdk's JSON-RPC layer writes it. Its wire encoder does not escape HTML
// (json.Encoder with SetEscapeHTML(false)), but values it embeds pre-marshalled by json.Marshal
// (tool schemas, structured output) carry json.Marshal's escapes: `<`, `>`, `&` as \u003c...
// Measured by the parity twin (issue 11).
import { goJsonOf } from "../../engine/goJson.js";
import { stringifyDeep } from "../../engine/jsonText.js";
import { sortKeys } from "../../engine/sortKeys.js";

export { sortKeys };

/** Text already encoded, embedded as is. */
export class Raw {
  constructor(readonly text: string) {}
}

/** Go escapes U+2028 and U+2029 even with HTML escaping off. */
export function wireText(value: unknown): string {
  return stringifyDeep(value).replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

/** As json.Marshal writes it: HTML characters escaped too (a text the engine already wrote is reused). */
export function marshalText(value: unknown): Raw {
  return new Raw(goJsonOf(value));
}

/** Serialises a skeleton of plain objects and arrays whose leaves may be Raw. */
export function writeGo(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(writeGo).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) if (v !== undefined) parts.push(`${wireText(k)}:${writeGo(v)}`);
    return `{${parts.join(",")}}`;
  }
  return wireText(value);
}
