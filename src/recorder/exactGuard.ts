// A `json match-schema` that holds for exactly one call's arguments: `const` compares deeply and
// case-sensitively, with array order and length, and the key list refuses any key the call did
// not send. Matching always sees the reserved `$user` beside the arguments (the signed-in user,
// engine/signedInUser.ts), so the top level allows that one key more. Redacted values may be
// anything but null, as the match block's "*" says.
import { isObject } from "../base/isObject.js";
import { userMatchKey } from "../base/signedInUser.js";
import type { Json, JsonObject } from "../base/types.js";

function containsRedacted(value: Json, redacted: (key: string) => boolean): boolean {
  if (Array.isArray(value)) return value.some((v) => containsRedacted(v, redacted));
  if (isObject(value)) return Object.entries(value).some(([k, v]) => redacted(k) || containsRedacted(v, redacted));
  return false;
}

function exactValue(value: Json, redacted: (key: string) => boolean): JsonObject {
  if (!isObject(value) || !containsRedacted(value, redacted)) return { const: value };
  return { type: "object", ...exactKeys(value, redacted), additionalProperties: false };
}

function exactKeys(value: JsonObject, redacted: (key: string) => boolean): JsonObject {
  const properties: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(properties, k, { value: redacted(k) ? { not: { type: "null" } } : exactValue(v, redacted), enumerable: true, writable: true, configurable: true });
  }
  return { required: Object.keys(value), properties };
}

export function exactGuard(args: JsonObject, redacted: (key: string) => boolean): JsonObject {
  return { ...exactKeys(args, redacted), propertyNames: { enum: [...Object.keys(args), userMatchKey] } };
}
