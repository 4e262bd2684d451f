// The drift report import prints: what moved per tool, what is new, what is gone, and which
// scenarios the new definitions made dishonest, each line with the file to open.
import path from "node:path";
import { formatProblem } from "../engine/engine.js";
import type { ImportResult } from "./importDefinitions.js";

const shown = (file: string) => path.relative(process.cwd(), file) || file;

export function importReport(r: ImportResult, opts: { source: string; domain: string; domainChosen: boolean; dryRun: boolean; checkDrift: boolean }): string {
  const lines: string[] = [];
  const total = r.changed.length + r.unchanged.length + r.created.length + r.skipped.length;
  lines.push(`import: ${total} live tools from ${opts.source}`);
  lines.push(`changed: ${r.changed.length}`);
  for (const c of r.changed) lines.push(`  ${c.name} (${shown(c.file)}): ${c.fields.join(", ")}`);
  lines.push(`live without a file: ${r.created.length}`);
  for (const c of r.created) {
    const placeholder = c.placeholder === "response" ? "a placeholder default answer built from its outputSchema" : "a placeholder default that answers isError";
    lines.push(`  ${c.name}: ${opts.dryRun ? "would create" : "created"} ${shown(c.file)} with ${placeholder}`);
  }
  if (r.created.length > 0 && !opts.domainChosen) lines.push(`  (new files go to domain "${opts.domain}"; pass --domain NAME to choose, or move them: tools/<domain>/<tool>.md)`);
  lines.push(`files without a live tool: ${r.notLive.length}${r.notLive.length ? " (kept; delete them if production removed the tool)" : ""}`);
  for (const n of r.notLive) lines.push(`  ${n.name} (${shown(n.file)})`);
  lines.push(`unchanged: ${r.unchanged.length}`);
  for (const s of r.skipped) lines.push(`skipped ${s.name}: ${s.reason}`);
  if (r.madeDishonest.length === 0) lines.push("honesty check after import: no scenario made dishonest by the new definitions");
  else {
    lines.push(`honesty check after import: ${r.madeDishonest.length} problems the new definitions made (mend these scenarios):`);
    for (const p of r.madeDishonest) lines.push(`  ${formatProblem(p)}`);
  }
  if (r.alreadyDishonest.length > 0) lines.push(`  (${r.alreadyDishonest.length} problems were there before the import; ./careem-mcp.sh check lists them)`);
  if (opts.dryRun) lines.push(`dry run: nothing written (${r.changed.length + r.created.length} files would be)`);
  else lines.push(`wrote ${r.written.length} files`);
  lines.push(`drift: ${r.drift ? "yes" : "none"}${opts.checkDrift ? (r.drift ? " (exit 1: --check-drift)" : " (exit 0)") : ""}`);
  return `${lines.join("\n")}\n`;
}
