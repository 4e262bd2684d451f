// JSON text as the go-sdk's JSON-RPC layer writes it. Its wire encoder does not escape HTML
// (json.Encoder with SetEscapeHTML(false)), but values it embeds pre-marshalled by json.Marshal
// (tool schemas, structured output) carry json.Marshal's escapes: `<`, `>`, `&` as \u003c...
// Measured by the parity twin.
import { goJsonOf } from "../../engine/goJson.js";
import { isIndexKey, stringifyDeep } from "../../engine/jsonText.js";
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
    const keys = Object.keys(value);
    // JavaScript lists array-index keys ("9", "10") first, in numeric order. Only a Go map can
    // have such keys (struct fields cannot), and encoding/json sorts a map's keys as strings.
    if (keys.some(isIndexKey)) keys.sort();
    const parts: string[] = [];
    for (const k of keys) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) parts.push(`${wireText(k)}:${writeGo(v)}`);
    }
    return `{${parts.join(",")}}`;
  }
  return wireText(value);
}
