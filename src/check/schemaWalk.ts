// Small helpers to walk an input schema the way --check needs: follow local $refs, find the
// subschema of a property or of array items.

export type SchemaNode = Record<string, unknown>;

import { isObject } from "../base/isObject.js";

export { isObject };

/** Follow `$ref: "#/..."` chains (and the first branch of anyOf/oneOf/allOf) within root. */
export function resolveSchema(root: SchemaNode, node: unknown, depth = 0): SchemaNode | undefined {
  if (!isObject(node) || depth > 32) return undefined;
  const ref = node.$ref;
  if (typeof ref === "string" && ref.startsWith("#")) {
    let target: unknown = root;
    for (const raw of ref.slice(1).split("/").filter(Boolean)) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      target = isObject(target) && Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
    }
    return resolveSchema(root, target, depth + 1);
  }
  return node;
}

/** The first non-null type of a schema node (`["null","string"]` -> "string"). */
export function firstType(node: SchemaNode): string | undefined {
  const type = node.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (isObject(node.properties)) return "object";
  if (node.items !== undefined) return "array";
  return undefined;
}

/** Alternatives a value may take: the node itself plus its anyOf/oneOf/allOf branches. */
export function branches(root: SchemaNode, node: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [node];
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const list = node[key];
    if (Array.isArray(list)) for (const sub of list) {
      const resolved = resolveSchema(root, sub);
      if (resolved) out.push(...branches(root, resolved));
    }
  }
  return out;
}
