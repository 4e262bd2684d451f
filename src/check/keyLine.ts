// The line of a key in a block's JSON text, so a schema violation is reported where the
// offending key is written, not at the block's first line. The text is a template: a bare
// {{...}} stands where a value goes and is read as one. Tolerant: a text it cannot follow
// gives the deepest place it did find (at worst the block's first line).

/** 0-based line, within `text`, of the deepest prefix of `path` (object keys, array indexes) written in it. */
export function keyLine(text: string, path: readonly string[]): number {
  type Frame = { kind: "{" | "["; path: string[]; key: string | null; index: number; expectKey: boolean; elementSeen: boolean };
  const lines = new Map<string, number>();
  const id = (p: readonly string[]) => p.join("\u0000");
  const stack: Frame[] = [];
  let line = 0;
  let i = 0;
  const n = text.length;

  /** The path of a value starting now, recording an array element's line the first time. */
  const valuePath = (): string[] => {
    const top = stack[stack.length - 1];
    if (!top) return [];
    if (top.kind === "{") return [...top.path, top.key ?? ""];
    const at = [...top.path, String(top.index)];
    if (!top.elementSeen) {
      top.elementSeen = true;
      if (!lines.has(id(at))) lines.set(id(at), line);
    }
    return at;
  };

  while (i < n) {
    const c = text[i] as string;
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === ":") {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === "{" && text[i + 1] === "{") {
      valuePath();
      const end = text.indexOf("}}", i + 2);
      const skipped = text.slice(i, end < 0 ? n : end + 2);
      line += skipped.split("\n").length - 1;
      i += skipped.length;
      continue;
    }
    if (c === "{" || c === "[") {
      stack.push({ kind: c, path: valuePath(), key: null, index: 0, expectKey: c === "{", elementSeen: false });
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      stack.pop();
      i++;
      continue;
    }
    if (c === ",") {
      if (top?.kind === "{") top.expectKey = true;
      else if (top) {
        top.index++;
        top.elementSeen = false;
      }
      i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const raw = text.slice(i, j + 1);
      if (top?.kind === "{" && top.expectKey) {
        let key: string;
        try {
          key = JSON.parse(raw) as string;
        } catch {
          key = raw.slice(1, -1);
        }
        top.key = key;
        top.expectKey = false;
        const at = [...top.path, key];
        if (!lines.has(id(at))) lines.set(id(at), line);
      } else valuePath();
      line += raw.split("\n").length - 1;
      i = j + 1;
      continue;
    }
    // A number, true, false or null.
    valuePath();
    while (i < n && !/[\s,}\]]/.test(text[i] as string)) i++;
  }

  for (let k = path.length; k > 0; k--) {
    const found = lines.get(id(path.slice(0, k)));
    if (found !== undefined) return found;
  }
  return 0;
}
