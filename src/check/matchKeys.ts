// --check: every key of a `json match` block must be a real input of the tool, nested keys too.
import type { Json } from "../base/types.js";
import { didYouMean } from "../base/didYouMean.js";
import { userMatchKey } from "../base/signedInUser.js";
import { childOf } from "./schemaKeys.js";
import { isObject, resolveSchema, type SchemaNode } from "./schemaWalk.js";


/** Messages for every match key that is not an input (without file:line; the caller adds it). */
export function unknownMatchKeys(tool: string, inputSchema: SchemaNode, pattern: Json): string[] {
  const out: string[] = [];
  const walk = (node: SchemaNode | undefined, value: Json, prefix: string) => {
    if (!isObject(value)) return;
    for (const [key, sub] of Object.entries(value)) {
      // The reserved top-level key is the signed-in user, not an input (engine/signedInUser.ts).
      if (prefix === "" && key === userMatchKey) continue;
      const child = childOf(inputSchema, node, key);
      if (!child.admitted) {
        const hint = didYouMean(key, child.known);
        out.push(`match key "${prefix}${key}" is not an input of ${tool}${hint ? ` (did you mean "${prefix}${hint}"?)` : ""}`);
        continue;
      }
      // Free-form below this key (or a schema we cannot follow): nothing there is ruled out.
      if (!child.schema) continue;
      if (isObject(sub as Json)) walk(child.schema, sub as Json, `${prefix}${key}.`);
      else if (Array.isArray(sub)) {
        const items = resolveSchema(inputSchema, child.schema.items);
        if (items) for (const element of sub) if (isObject(element)) walk(items, element, `${prefix}${key}[].`);
      }
    }
  };
  walk(inputSchema, pattern, "");
  return out;
}
