// The part of a tool file's body that the parser reads: ATX headings and fenced code blocks.
// Everything else (notes, tables, lists) becomes an empty line before remark sees it, so line
// numbers are unchanged while prose costs nothing: micromark's time grows steeply with nesting,
// and a 20 KB run of nested list markers took minutes to parse on every edit.

const OPEN_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

export function structuralLines(body: string): string {
  const lines = body.split("\n");
  let fence: { char: string; length: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    // Tested without a CRLF file's \r: "." in a pattern does not match it.
    const line = (lines[i] as string).replace(/\r$/, "");
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && (close[1] as string)[0] === fence.char && (close[1] as string).length >= fence.length) fence = undefined;
      continue;
    }
    const open = OPEN_FENCE.exec(line);
    // CommonMark: a backtick fence's info string may not contain a backtick.
    if (open && !((open[1] as string)[0] === "`" && (open[2] as string).includes("`"))) {
      fence = { char: (open[1] as string)[0] as string, length: (open[1] as string).length };
      continue;
    }
    if (!ATX_HEADING.test(line)) lines[i] = "";
  }
  return lines.join("\n");
}
