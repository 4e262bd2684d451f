// A world file (markdown under <tools>/_world/) -> its data blocks, each with its line. Never
// throws: problems carry a place and a mending hint, as a tool file's do.
//
//   ```json world        top-level keys become $world.<key> (time placeholders allowed)
//
// The world's rules are not written here: they are world modules (`_world/<domain>.ts`), whose
// exported functions are bound as `$<name>`. A JSONata function section of the old form is a
// problem that says where its rule goes now.
import matter from "gray-matter";
import { bodyLineOffset, MATTER_OPTIONS } from "../toolFile/parseToolFile.js";
import type { Problem } from "../base/types.js";

export interface WorldFile {
  path: string;
  /** Raw text of each `json world` block (a template: placeholders render when the world loads). */
  data: { text: string; line: number }[];
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

export function parseWorldFile(displayPath: string, input: string): WorldFile {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const file: WorldFile = { path: displayPath, data: [], problems: [] };
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
  const module = displayPath.replace(/\.md$/, ".ts").split("/").pop();
  for (const node of scan(body)) {
    const line = node.line + offset;
    if (node.kind === "heading") {
      const title = /^Function:\s*(.*)$/.exec(node.text.trim());
      if (title) problem(line, `"## Function: ${(title[1] ?? "").trim()}" is a JSONata world function: the world's rules are world modules now (write \`export function ${(title[1] ?? "").trim().replace(/^\$/, "")}(call, ...)\` in _world/${module}, bound as ${(title[1] ?? "").trim()})`);
      continue;
    }
    const lang = node.lang.trim();
    if (lang === "json" && node.meta === "world") file.data.push({ text: node.value ?? "", line: line + 1 });
    else if (lang === "jsonata") problem(line, `a jsonata block in a world file is not read: the world's rules are world modules (_world/${module})`);
  }
  if (file.data.length === 0 && file.problems.length === 0) problem(1, "world file has no ```json world block (add one, or remove the file)");
  return file;
}
