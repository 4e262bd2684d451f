import type { JsonObject } from "./types.js";

/** A plain JSON object: not null, not an array. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
