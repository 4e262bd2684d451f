// Replaces the text of a tool file's `json tool` block and nothing else: notes, scenarios and
// even the file's line endings stay byte for byte. The parser says where the block is, so a
// `json tool` fence inside a `## Flow` example or a scenario is never the one replaced.
import { parseToolFile } from "../toolFile/parseToolFile.js";
import type { JsonObject } from "../base/types.js";

export type DefinitionLookup =
  | { ok: true; definition: JsonObject; replace: (next: JsonObject) => string }
  | { ok: false; reason: string };

export function definitionBlock(displayPath: string, text: string): DefinitionLookup {
  const file = parseToolFile(displayPath, text);
  const block = file.definition;
  if (!block) {
    const reason = file.problems[0] ? `${file.problems[0].file}:${file.problems[0].line}: ${file.problems[0].message}` : `${displayPath}: no ## Definition with a json tool block`;
    return { ok: false, reason };
  }
  // Lines as the parser counts them; a byte-order mark does not start a line of its own.
  const lines = text.split("\n");
  const first = block.line - 1;
  const opener = lines[first - 1] ?? "";
  const fence = /^\s*(`{3,}|~{3,})/.exec(opener)?.[1];
  let end = -1;
  for (let i = first; fence && i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, "");
    if (line.trim().startsWith(fence[0] as string) && line.trim().replace(/[`~]/g, "") === "" && line.trim().length >= fence.length) {
      end = i;
      break;
    }
  }
  if (!fence || end < 0) return { ok: false, reason: `${displayPath}:${block.line}: the json tool block has no closing fence (close it with \`\`\`)` };
  const cr = opener.endsWith("\r") ? "\r" : "";
  return {
    ok: true,
    definition: block.value,
    replace: (next) => [...lines.slice(0, first), ...JSON.stringify(next, null, 2).split("\n").map((l) => l + cr), ...lines.slice(end)].join("\n"),
  };
}
