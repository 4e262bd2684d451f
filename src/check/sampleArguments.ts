// Acceptance test 11's sample arguments: built from the input schema, then the scenario's match
// block laid over them, read by the match rules, so the arguments are ones the scenario's own
// match block accepts.
import type { Json, JsonObject } from "../base/types.js";
import { branches, firstType, isObject, resolveSchema, type SchemaNode } from "./schemaWalk.js";
import { setOwn } from "../base/setOwn.js";

/** enum[0]; else by first non-null type: "sample", 1, false, [item], nested object. */
export function sampleFor(root: SchemaNode, schema: unknown, depth = 0): Json {
  const node = resolveSchema(root, schema);
  if (!node || depth > 16) return null;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] as Json;
  if (Object.prototype.hasOwnProperty.call(node, "const")) return node.const as Json;
  const all = branches(root, node);
  const typed = all.find((b) => firstType(b) !== undefined) ?? node;
  switch (firstType(typed)) {
    case "string":
      return "sample";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [sampleFor(root, typed.items, depth + 1)];
    case "object": {
      const out: JsonObject = {};
      for (const b of all) {
        if (!isObject(b.properties)) continue;
        for (const [key, sub] of Object.entries(b.properties)) {
          if (!(key in out)) setOwn(out, key, sampleFor(root, sub, depth + 1));
        }
      }
      return out;
    }
    default:
      return null;
  }
}

/** `"~x"`/`"=x"` -> "x"; `"*"` keeps the sample; objects merge; arrays replace, objects merged over the sample item. */
export function overlay(sample: Json | undefined, pattern: Json): Json {
  if (typeof pattern === "string") {
    if (pattern === "*") return sample === undefined || sample === null ? "sample" : sample;
    if (pattern.startsWith("~") || pattern.startsWith("=")) return pattern.slice(1);
    return pattern;
  }
  if (Array.isArray(pattern)) {
    const item = Array.isArray(sample) ? sample[0] : undefined;
    return pattern.map((element) => (isObject(element) && isObject(item) ? overlay(item, element) : overlay(undefined, element)));
  }
  if (isObject(pattern)) {
    const base: JsonObject = isObject(sample) ? { ...(sample as JsonObject) } : {};
    for (const [key, value] of Object.entries(pattern)) {
      const current = Object.prototype.hasOwnProperty.call(base, key) ? base[key] : undefined;
      setOwn(base, key, overlay(current, value as Json));
    }
    return base;
  }
  return pattern;
}
