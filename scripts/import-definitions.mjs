#!/usr/bin/env node
// Refresh the `## Definition` blocks of tools/ from a production tools/list export.
//
//   node scripts/import-definitions.mjs export.json [--tools DIR] [--dry-run]
//
// export.json is a tools/list result ({"tools":[...]}) or a bare array of tool objects, as
// saved from production with any MCP client. Each tool's `json tool` block is replaced
// verbatim; scenarios and notes are left alone. Tools without a file, and files without an
// exported tool, are listed so a person decides what to do with them. Run --check afterwards:
// a changed outputSchema may make scenarios dishonest.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const exportFile = args.find((a) => !a.startsWith("--"));
const toolsIndex = args.indexOf("--tools");
const toolsDir = path.resolve(toolsIndex >= 0 ? args[toolsIndex + 1] : "tools");
const dryRun = args.includes("--dry-run");
if (!exportFile) {
  console.error("usage: node scripts/import-definitions.mjs export.json [--tools DIR] [--dry-run]");
  process.exit(2);
}

const parsed = JSON.parse(fs.readFileSync(exportFile, "utf8"));
const exported = Array.isArray(parsed) ? parsed : parsed.tools ?? parsed.result?.tools;
if (!Array.isArray(exported)) {
  console.error(`${exportFile}: expected a tools/list result ({"tools":[...]}) or an array of tools`);
  process.exit(2);
}

const files = new Map();
for (const domain of fs.readdirSync(toolsDir, { withFileTypes: true })) {
  if (!domain.isDirectory()) continue;
  for (const f of fs.readdirSync(path.join(toolsDir, domain.name))) {
    if (f.endsWith(".md")) files.set(f.slice(0, -3), path.join(toolsDir, domain.name, f));
  }
}

let updated = 0;
const unchanged = [];
const noFile = [];
for (const tool of exported) {
  const file = files.get(tool.name);
  if (!file) {
    noFile.push(tool.name);
    continue;
  }
  files.delete(tool.name);
  const text = fs.readFileSync(file, "utf8");
  const block = /(## Definition\s*\n+```json tool\n)([\s\S]*?)(\n```)/.exec(text);
  if (!block) {
    console.error(`${file}: no "## Definition" with a json tool block; left alone`);
    continue;
  }
  const replacement = JSON.stringify(tool, null, 2);
  if (block[2] === replacement) {
    unchanged.push(tool.name);
    continue;
  }
  const next = text.slice(0, block.index) + block[1] + replacement + block[3] + text.slice(block.index + block[0].length);
  if (!dryRun) fs.writeFileSync(file, next);
  updated++;
  console.log(`${dryRun ? "would update" : "updated"} ${path.relative(process.cwd(), file)}`);
}
console.log(`${updated} updated, ${unchanged.length} unchanged`);
if (noFile.length) console.log(`exported but no tool file (create tools/<domain>/<name>.md): ${noFile.join(", ")}`);
if (files.size) console.log(`tool files not in the export (removed in production?): ${[...files.keys()].join(", ")}`);
console.log("now run ./careem-mcp.sh --check");
