// Which keys an object schema admits, for --check's match keys and argument placeholders alike:
// its properties; any key at all when it is free-form (additionalProperties true or a schema,
// patternProperties, or no properties declared); and when the schema cannot be followed (an
// external $ref), nothing is ruled out, so --check never reports what it cannot prove.
import { branches, firstType, isObject, resolveSchema, type SchemaNode } from "./schemaWalk.js";

export type Child =
  /** `schema` undefined: any value may be there, nothing below it is ruled out. */
  | { admitted: true; schema: SchemaNode | undefined }
  | { admitted: false; known: string[] };

export function childOf(root: SchemaNode, node: SchemaNode | undefined, key: string): Child {
  if (!node) return { admitted: true, schema: undefined };
  const all = branches(root, node);
  const type = firstType(node);
  if (type === "array" || (type === undefined && node.items !== undefined)) {
    if (/^\d+$/.test(key)) return { admitted: true, schema: resolveSchema(root, node.items) };
    return { admitted: false, known: [] };
  }
  if (type !== undefined && type !== "object") return { admitted: false, known: [] };
  const props = new Map<string, unknown>();
  for (const b of all) if (isObject(b.properties)) for (const [k, v] of Object.entries(b.properties)) if (!props.has(k)) props.set(k, v);
  if (props.has(key)) return { admitted: true, schema: resolveSchema(root, props.get(key)) };
  for (const b of all) {
    if (isObject(b.additionalProperties)) return { admitted: true, schema: resolveSchema(root, b.additionalProperties) };
    if (b.additionalProperties === true || isObject(b.patternProperties)) return { admitted: true, schema: undefined };
  }
  const closed = all.some((b) => b.additionalProperties === false);
  if (props.size === 0 && !closed) return { admitted: true, schema: undefined };
  return { admitted: false, known: [...props.keys()] };
}
