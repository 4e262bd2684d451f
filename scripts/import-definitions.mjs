#!/usr/bin/env node
// Refresh the `## Definition` blocks of tools/ from a saved tools/list export.
//
//   node scripts/import-definitions.mjs export.json [--tools DIR] [--dry-run] [--check-drift] [--domain NAME]
//
// export.json is a tools/list result ({"tools":[...]}) or a bare array of tool objects, as saved
// from production with any MCP client. It goes through the same import as
// `./careem-mcp.sh import --from URL` (src/importer): the same drift report, the same files for
// tools without one, the same honesty check on the result. It runs the built code: build first
// (npm run build, or any ./careem-mcp.sh command).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const value = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const takesValue = new Set(["--tools", "--domain"]);
const exportFile = args.find((a, i) => !a.startsWith("--") && !takesValue.has(args[i - 1]));
if (!exportFile) {
  console.error("usage: node scripts/import-definitions.mjs export.json [--tools DIR] [--dry-run] [--check-drift] [--domain NAME]");
  process.exit(2);
}
const built = path.join(import.meta.dirname, "..", "dist", "importer", "importCommand.js");
if (!fs.existsSync(built)) {
  console.error(`${built} is missing: build first (npm run build, or ./careem-mcp.sh check)`);
  process.exit(2);
}
const toolsDir = path.resolve(value("--tools") ?? "tools");
if (!fs.existsSync(toolsDir)) {
  console.error(`tools directory ${toolsDir} does not exist (pass --tools DIR)`);
  process.exit(2);
}
const { importCommand } = await import(pathToFileURL(built).href);
process.exitCode = await importCommand({
  source: { exportFile },
  toolsDir,
  domain: value("--domain"),
  dryRun: args.includes("--dry-run"),
  checkDrift: args.includes("--check-drift"),
  out: process.stdout,
  err: process.stderr,
});
