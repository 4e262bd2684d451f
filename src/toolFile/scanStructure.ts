// The nodes parseToolFile reads (ATX headings, fenced code blocks), found by a line scan instead
// of remark. structuralLines has already reduced the body to exactly those lines and blanks, so a
// scan can give remark's answer; remark took about 20 ms per file, which made loading 2,000 files
// take most of a minute. Anything the scan is not sure to read as remark does (inline markup in a
// scenario heading, an indented fence, escapes in an info string, an unclosed fence, CR line
// endings) returns undefined and the caller asks remark. test/toolFile/scanStructure.test.ts holds
// the two to the same answer.

export interface StructureNode {
  type: "heading" | "code";
  depth?: number;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: { type: "text"; value: string }[];
  position: { start: { line: number } };
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*)|)$/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** Characters that could make CommonMark read a heading's text differently from its source. */
const INLINE_MARKUP = /[\\`*_[\]<>&!#]/;

export function scanStructure(structural: string): StructureNode[] | undefined {
  if (structural.includes("\r")) return undefined;
  const lines = structural.split("\n");
  const nodes: StructureNode[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") continue;
    const heading = HEADING.exec(line);
    if (heading) {
      const depth = (heading[1] as string).length;
      const text = (heading[2] ?? "").replace(/[ \t]+$/, "");
      // Only scenario and definition titles (depth 2) are read; the others just need to exist.
      if (depth === 2 && INLINE_MARKUP.test(text)) return undefined;
      nodes.push({ type: "heading", depth, children: text ? [{ type: "text", value: text }] : [], position: { start: { line: i + 1 } } });
      continue;
    }
    const fence = FENCE.exec(line);
    // An indented fence strips indentation from its content: remark's job.
    if (!fence) return undefined;
    const marker = fence[1] as string;
    // Leading blanks go; trailing ones stay in meta, as remark leaves them.
    const info = (fence[2] as string).replace(/^[ \t]+/, "");
    if (info.includes("\\") || info.includes("&") || (marker[0] === "`" && info.includes("`"))) return undefined;
    let end = i + 1;
    for (; end < lines.length; end++) {
      const close = CLOSE.exec(lines[end] as string);
      if (close && (close[1] as string)[0] === marker[0] && (close[1] as string).length >= marker.length) break;
    }
    if (end >= lines.length) return undefined;
    const space = info.search(/[ \t]/);
    const lang = space < 0 ? info : info.slice(0, space);
    const meta = space < 0 ? "" : info.slice(space).replace(/^[ \t]+/, "");
    nodes.push({ type: "code", lang: lang || null, meta: meta || null, value: lines.slice(i + 1, end).join("\n"), position: { start: { line: i + 1 } } });
    i = end;
  }
  return nodes;
}
