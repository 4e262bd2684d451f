// A world file (markdown under <tools>/_world/) -> its data blocks and functions, each with its
// line. Never throws: problems carry a place and a mending hint, as a tool file's do.
//
//   ```json world        top-level keys become $world.<key> (time placeholders allowed)
//   ## Function: $name   one ```jsonata block whose value is a function, callable everywhere
import matter from "gray-matter";
import { bodyLineOffset, MATTER_OPTIONS } from "../toolFile/parseToolFile.js";
import type { Problem } from "../base/types.js";
import type { WorldFunctionSource } from "../jsonata/library.js";

export type { WorldFunctionSource };

export interface WorldFile {
  path: string;
  /** Raw text of each `json world` block (a template: placeholders render when the world loads). */
  data: { text: string; line: number }[];
  functions: WorldFunctionSource[];
  problems: Problem[];
}

/** A fenced code block or a level-2 heading, with its 1-based line in the body. */
type Part = { kind: "heading"; text: string; line: number } | { kind: "code"; lang: string; meta: string; value: string; line: number };

/**
 * The parts of a world file this format uses, by a line scan: fenced blocks (``` or ~~~, three
 * or more, closed by the same run) and `## ` headings outside them. A markdown parser took
 * 440 ms for the shipped world at every start, most of a stdio client's first call.
 */
function scan(body: string): Part[] {
  const parts: Part[] = [];
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(line);
    if (fence) {
      const run = fence[1] as string;
      const start = i;
      const content: string[] = [];
      for (i++; i < lines.length; i++) {
        const close = new RegExp(`^ {0,3}${run[0] === "`" ? "`" : "~"}{${run.length},}\\s*$`);
        if (close.test(lines[i] as string)) break;
        content.push(lines[i] as string);
      }
      parts.push({ kind: "code", lang: fence[2] ?? "", meta: (fence[3] ?? "").trim(), value: content.join("\n"), line: start + 1 });
      continue;
    }
    const heading = /^ {0,3}##\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading && !line.trimStart().startsWith("###")) parts.push({ kind: "heading", text: heading[1] ?? "", line: i + 1 });
  }
  return parts;
}

/** `$name` as JSONata spells a variable. */
export const FUNCTION_NAME = /^\$[A-Za-z_][A-Za-z0-9_]*$/;

export function parseWorldFile(displayPath: string, input: string): WorldFile {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const file: WorldFile = { path: displayPath, data: [], functions: [], problems: [] };
  const problem = (line: number, message: string) => file.problems.push({ file: displayPath, line, message });
  let body = text;
  try {
    body = matter(text, MATTER_OPTIONS as never).content;
  } catch (err) {
    const mark = (err as { mark?: { line?: number } }).mark;
    problem(mark?.line !== undefined ? mark.line + 1 : 1, `front matter is not valid YAML: ${(err as Error).message}`);
    return file;
  }
  const offset = bodyLineOffset(text, body);
  const nodes = scan(body);
  let current: WorldFunctionSource | { name: string; line: number; pending: true } | undefined;
  const finish = () => {
    if (current && "pending" in current) problem(current.line, `function ${current.name} has no \`\`\`jsonata block (add one whose value is function(...) { ... })`);
    current = undefined;
  };
  for (const node of nodes) {
    const line = node.line + offset;
    if (node.kind === "heading") {
      finish();
      const title = /^Function:\s*(.*)$/.exec(node.text.trim());
      if (!title) continue;
      const name = (title[1] ?? "").trim();
      if (!FUNCTION_NAME.test(name)) {
        problem(line, `function heading "${name}" is not a JSONata name (write ## Function: $camelCaseName)`);
        continue;
      }
      current = { name, line, pending: true };
      continue;
    }
    if (node.kind !== "code") continue;
    const lang = node.lang.trim();
    const meta = node.meta;
    if (lang === "json" && meta === "world") {
      file.data.push({ text: node.value ?? "", line: line + 1 });
    } else if (lang === "jsonata") {
      if (!current) problem(line, "jsonata block outside a ## Function: $name section (give it a heading)");
      else if (!("pending" in current)) problem(line, `function ${current.name} has a second jsonata block (keep one)`);
      else current = { name: current.name, source: node.value ?? "", line: line + 1 };
      if (current && !("pending" in current) && !file.functions.includes(current)) file.functions.push(current);
    }
  }
  finish();
  if (file.data.length === 0 && file.functions.length === 0 && file.problems.length === 0) problem(1, "world file has no ```json world block and no ## Function: section (add one, or remove the file)");
  return file;
}
