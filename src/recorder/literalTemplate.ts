// An answer as a `json response` template that renders to exactly itself. Strings are the only
// place a template reads placeholders, and the format has no escape for a literal "{{", so each
// is written as the expression `{{= '{{' }}`, whose value is that text.
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";

const LITERAL_BRACES = "{{= '{{' }}";

export function literalTemplate(value: Json): Json {
  if (typeof value === "string") return value.includes("{{") ? value.split("{{").join(LITERAL_BRACES) : value;
  if (Array.isArray(value)) return value.map(literalTemplate);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: literalTemplate(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Text holding "{{" anywhere: a `json match-schema` renders placeholders, so no guard can quote it. */
export function holdsBraces(value: Json): boolean {
  if (typeof value === "string") return value.includes("{{");
  if (Array.isArray(value)) return value.some(holdsBraces);
  if (isObject(value)) return Object.entries(value).some(([k, v]) => k.includes("{{") || holdsBraces(v));
  return false;
}
