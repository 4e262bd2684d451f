// --check: a tool file lives at tools/<domain>/<tool>.md, as its front matter says.
import path from "node:path";
import type { CatalogEntry } from "../engine/catalog.js";
import type { Problem } from "../base/types.js";

export function placeProblems(toolsDir: string, entries: CatalogEntry[]): Problem[] {
  const problems: Problem[] = [];
  for (const entry of entries) {
    if (entry.kind !== "ok") continue;
    const file = entry.result.tool.file;
    const relative = path.relative(toolsDir, entry.path).split(path.sep);
    const domain = file.frontMatter.domain;
    const expected = `${String(domain)}/${entry.name}.md`;
    if (typeof domain !== "string") {
      problems.push({ file: file.path, line: file.frontMatterLine, message: `warning: front matter has no "domain:" (add domain: ${relative.length === 2 ? relative[0] : "<domain>"}; tool files live at tools/<domain>/<tool>.md)` });
    } else if (relative.length !== 2 || relative[0] !== domain) {
      problems.push({ file: file.path, line: file.frontMatterLine, message: `warning: file is at ${relative.join("/")} but its front matter says domain ${domain} (move it to tools/${expected})` });
    }
  }
  return problems;
}
