// A state path as written in a `json then` operation: dotted segments, each literal text or
// text with placeholders ("baskets.{{args.basket_id}}.lines"). Segments are split when the file
// is compiled, so an argument that contains a dot stays one segment: data never becomes path.
import type { Placeholder } from "../template/placeholder.js";
import type { TemplateNode } from "../template/template.js";

export type PathSegment = TemplateNode;

export class PathError extends Error {}

/** Split a compiled path string into segment templates. */
export function compilePath(node: TemplateNode): PathSegment[] {
  let parts: (string | Placeholder)[];
  if (node.t === "literal" && typeof node.value === "string") parts = [node.value];
  else if (node.t === "text") parts = node.parts;
  else throw new PathError('a state path is a string of dotted segments, e.g. "baskets.{{args.basket_id}}.lines"');
  const segments: (string | Placeholder)[][] = [[]];
  for (const part of parts) {
    if (typeof part !== "string") {
      (segments[segments.length - 1] as (string | Placeholder)[]).push(part);
      continue;
    }
    const pieces = part.split(".");
    pieces.forEach((piece, i) => {
      if (i > 0) segments.push([]);
      if (piece) (segments[segments.length - 1] as (string | Placeholder)[]).push(piece);
    });
  }
  if (segments.some((s) => s.length === 0)) throw new PathError("state path has an empty segment (write a.b.c, no leading, trailing or double dots)");
  return segments.map((s) => (s.length === 1 && typeof s[0] === "string" ? { t: "literal", value: s[0] } : { t: "text", parts: s }));
}

/** The literal text of a path for messages and --check (placeholders shown as written). */
export function pathText(segments: PathSegment[]): string {
  return segments
    .map((s) => (s.t === "literal" ? String(s.value) : s.t === "text" ? s.parts.map((p) => (typeof p === "string" ? p : `{{${p.source}}}`)).join("") : "?"))
    .join(".");
}
