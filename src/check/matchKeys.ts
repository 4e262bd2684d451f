// --check: every key of a `json match` block must be a real input of the tool, nested keys too.
import type { Json } from "../engine/types.js";
import { didYouMean } from "../engine/didYouMean.js";
import { branches, isObject, resolveSchema, type SchemaNode } from "./schemaWalk.js";

export { didYouMean };

function propertiesOf(root: SchemaNode, node: SchemaNode | undefined): Map<string, unknown> {
  const props = new Map<string, unknown>();
  if (!node) return props;
  for (const b of branches(root, node)) {
    if (isObject(b.properties)) for (const [k, v] of Object.entries(b.properties)) if (!props.has(k)) props.set(k, v);
  }
  return props;
}

/** Messages for every match key that is not an input (without file:line; the caller adds it). */
export function unknownMatchKeys(tool: string, inputSchema: SchemaNode, pattern: Json): string[] {
  const out: string[] = [];
  const walk = (node: SchemaNode | undefined, value: Json, prefix: string) => {
    if (!isObject(value)) return;
    const props = propertiesOf(inputSchema, node);
    for (const [key, sub] of Object.entries(value)) {
      if (!props.has(key)) {
        const hint = didYouMean(key, [...props.keys()]);
        out.push(`match key "${prefix}${key}" is not an input of ${tool}${hint ? ` (did you mean "${prefix}${hint}"?)` : ""}`);
        continue;
      }
      const subSchema = resolveSchema(inputSchema, props.get(key));
      if (isObject(sub as Json)) walk(subSchema, sub as Json, `${prefix}${key}.`);
      else if (Array.isArray(sub)) {
        const items = subSchema ? resolveSchema(inputSchema, subSchema.items) : undefined;
        for (const element of sub) if (isObject(element)) walk(items, element, `${prefix}${key}[].`);
      }
    }
  };
  walk(inputSchema, pattern, "");
  return out;
}
