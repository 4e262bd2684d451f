// A `json match-schema` that holds for exactly one call's arguments: `const` compares deeply and
// case-sensitively, with array order and length, and `additionalProperties: false` refuses any
// key the call did not send. Redacted values may be anything present, as in the match block.
import { isObject } from "../engine/isObject.js";
import type { Json, JsonObject } from "../engine/types.js";

function containsRedacted(value: Json, redacted: (key: string) => boolean): boolean {
  if (Array.isArray(value)) return value.some((v) => containsRedacted(v, redacted));
  if (isObject(value)) return Object.entries(value).some(([k, v]) => redacted(k) || containsRedacted(v, redacted));
  return false;
}

export function exactGuard(value: Json, redacted: (key: string) => boolean): JsonObject {
  if (!isObject(value) || !containsRedacted(value, redacted)) return { const: value };
  const properties: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(properties, k, { value: redacted(k) ? { not: { type: "null" } } : exactGuard(v, redacted), enumerable: true, writable: true, configurable: true });
  }
  return { type: "object", properties, required: Object.keys(value), additionalProperties: false };
}
