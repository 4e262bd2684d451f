// --check: a `{{args.x}}` whose path the input schema rules out would render "" (or null) on
// every call, silently. Each such placeholder is a problem at its own line, with a "did you mean".
import { didYouMean } from "../base/didYouMean.js";
import { lineOf } from "../base/jsonText.js";
import type { Placeholder } from "../template/placeholder.js";
import type { TemplateNode } from "../template/template.js";
import { childOf } from "./schemaKeys.js";
import type { SchemaNode } from "./schemaWalk.js";

type ArgPlaceholder = Extract<Placeholder, { kind: "arg" }>;

function argPlaceholders(node: TemplateNode, out: ArgPlaceholder[] = []): ArgPlaceholder[] {
  if (node.t === "bare") {
    if (node.ph.kind === "arg") out.push(node.ph);
  } else if (node.t === "text") {
    for (const part of node.parts) if (typeof part !== "string" && part.kind === "arg") out.push(part);
  } else if (node.t === "array") {
    for (const item of node.items) argPlaceholders(item, out);
  } else if (node.t === "object") {
    for (const [, value] of node.entries) argPlaceholders(value, out);
  }
  return out;
}

export interface ArgProblem {
  /** 0-based line within the block. */
  lineOffset: number;
  message: string;
}

/** `text`: the block as written, to place each placeholder on its line. */
export function unknownArgPlaceholders(tool: string, inputSchema: SchemaNode, root: TemplateNode, text: string): ArgProblem[] {
  const out: ArgProblem[] = [];
  const seen = new Set<string>();
  for (const ph of argPlaceholders(root)) {
    if (seen.has(ph.source)) continue;
    seen.add(ph.source);
    let node: SchemaNode | undefined = inputSchema;
    for (let i = 0; i < ph.path.length && node; i++) {
      const key = ph.path[i] as string;
      const child = childOf(inputSchema, node, key);
      if (child.admitted) {
        node = child.schema;
        continue;
      }
      const hint = didYouMean(key, child.known);
      const named = ["args", ...ph.path.slice(0, i), hint].join(".");
      const at = text.indexOf(`{{${ph.source}`);
      out.push({
        lineOffset: at < 0 ? 0 : lineOf(text, at),
        message: `placeholder {{${ph.source}}} names no input of ${tool}, so it renders empty${hint ? ` (did you mean {{${named}}}?)` : ""}`,
      });
      break;
    }
  }
  return out;
}
