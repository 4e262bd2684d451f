// --check: every key of a `json match` block must be a real input of the tool, nested keys too.
import type { Json } from "../engine/types.js";
import { branches, isObject, resolveSchema, type SchemaNode } from "./schemaWalk.js";
import { userMatchKey } from "../engine/signedInUser.js";

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] as number;
}

/** The closest known name, if it is close enough to be a typo. */
export function didYouMean(name: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0 : distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

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
      // The reserved top-level key is the signed-in user, not an input (engine/signedInUser.ts).
      if (prefix === "" && key === userMatchKey) continue;
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
