// The answer of a new file's placeholder default: the smallest object its output schema accepts
// that this builder can make (required properties only, formats honoured), checked with the
// engine's own validator by the caller. Where it cannot make one, the default is a json error.
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";

const FORMATS: Record<string, string> = {
  "date-time": "2026-01-01T00:00:00Z",
  date: "2026-01-01",
  time: "00:00:00Z",
  email: "placeholder@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "00000000-0000-4000-8000-000000000000",
};

function resolve(root: JsonObject, node: Json | undefined): JsonObject | undefined {
  if (!isObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref === "string" && ref.startsWith("#/")) {
    let at: Json | undefined = root;
    for (const part of ref.slice(2).split("/")) at = isObject(at) ? at[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    return isObject(at) ? at : undefined;
  }
  return node;
}

export function placeholderValue(root: JsonObject, schema: Json | undefined, depth = 0): Json {
  const node = resolve(root, schema);
  if (!node || depth > 12) return null;
  if (Object.prototype.hasOwnProperty.call(node, "const")) return node.const as Json;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] as Json;
  const branch = Array.isArray(node.anyOf) ? node.anyOf[0] : Array.isArray(node.oneOf) ? node.oneOf[0] : undefined;
  if (branch !== undefined && node.type === undefined) return placeholderValue(root, branch, depth + 1);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const type = types.find((t) => t !== "null") ?? types[0] ?? (isObject(node.properties) ? "object" : undefined);
  switch (type) {
    case "string": {
      const format = typeof node.format === "string" ? FORMATS[node.format] : undefined;
      if (format) return format;
      const min = typeof node.minLength === "number" ? node.minLength : 0;
      return "placeholder".padEnd(min, "x");
    }
    case "integer":
    case "number":
      return typeof node.minimum === "number" ? node.minimum : typeof node.exclusiveMinimum === "number" ? node.exclusiveMinimum + 1 : 0;
    case "boolean":
      return false;
    case "array": {
      const min = typeof node.minItems === "number" ? node.minItems : 0;
      return Array.from({ length: min }, () => placeholderValue(root, node.items, depth + 1));
    }
    case "object": {
      const out: JsonObject = {};
      const properties = isObject(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : [];
      for (const key of required) Object.defineProperty(out, key, { value: placeholderValue(root, properties[key], depth + 1), enumerable: true, writable: true, configurable: true });
      return out;
    }
    case "null":
      return null;
    default:
      return {};
  }
}

/** The schema node at a JSON pointer of an instance (properties and items only, $refs followed). */
function schemaAt(root: JsonObject, pointer: string[]): JsonObject | undefined {
  let node = resolve(root, root);
  for (const segment of pointer) {
    if (!node) return undefined;
    node = /^\d+$/.test(segment) && node.items !== undefined ? resolve(root, node.items) : isObject(node.properties) ? resolve(root, node.properties[segment]) : undefined;
  }
  return node;
}

/**
 * placeholderValue, then mended where the validator says a property is missing (the branch of
 * an if/then/else, a dependentRequired): at most a few rounds, undefined if it still fails.
 */
export function validPlaceholder(schema: JsonObject, check: (value: Json) => string | null): Json | undefined {
  const value = placeholderValue(schema, schema);
  for (let round = 0; round < 16; round++) {
    const problem = check(value);
    if (problem === null) return value;
    const missing = /^(\S*) must have required property '([^']+)'/.exec(problem);
    if (!missing) return undefined;
    const pointer = (missing[1] as string).split("/").filter((p) => p !== "");
    let at: Json = value;
    for (const segment of pointer) at = Array.isArray(at) ? (at[Number(segment)] as Json) : isObject(at) ? (at[segment] as Json) : null;
    if (!isObject(at)) return undefined;
    const node = schemaAt(schema, pointer);
    const property = missing[2] as string;
    const sub = node && isObject(node.properties) ? node.properties[property] : undefined;
    Object.defineProperty(at, property, { value: placeholderValue(schema, sub), enumerable: true, writable: true, configurable: true });
  }
  return undefined;
}
