// `careem-mcp import`: definitions from a live server (--from URL) or from a saved tools/list
// (scripts/import-definitions.mjs), through the same importDefinitions and the same report.
import fs from "node:fs";
import type { JsonObject } from "../base/types.js";
import { importDefinitions } from "./importDefinitions.js";
import { importReport } from "./importReport.js";
import { fetchLiveTools, LiveServerError } from "./liveTools.js";

export type ImportSource = { url: string; headers: Record<string, string> } | { exportFile: string };

export interface ImportCommandOptions {
  source: ImportSource;
  toolsDir: string;
  domain?: string;
  dryRun: boolean;
  checkDrift: boolean;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/** Exit code when the live server or the export could not be read: not drift, and not a usage slip. */
export const SOURCE_UNREADABLE = 3;

class ExportError extends Error {}

function readExport(file: string): JsonObject[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new ExportError(`${file}: cannot read it as JSON (${err instanceof Error ? err.message : String(err)}): save a tools/list result there`);
  }
  const p = parsed as { tools?: unknown; result?: { tools?: unknown } };
  const tools = Array.isArray(parsed) ? parsed : (p.tools ?? p.result?.tools);
  if (!Array.isArray(tools)) throw new ExportError(`${file}: expected a tools/list result ({"tools":[...]}) or an array of tools`);
  return tools as JsonObject[];
}

export async function importCommand(opts: ImportCommandOptions): Promise<number> {
  let live: JsonObject[];
  let source: string;
  try {
    if ("url" in opts.source) {
      const catalog = await fetchLiveTools(opts.source.url, opts.source.headers);
      live = catalog.tools;
      source = `${catalog.serverName} ${catalog.serverVersion} at ${opts.source.url} (${catalog.pages} page${catalog.pages === 1 ? "" : "s"} of tools/list)`;
    } else {
      live = readExport(opts.source.exportFile);
      source = opts.source.exportFile;
    }
  } catch (err) {
    if (err instanceof LiveServerError || err instanceof ExportError) {
      opts.err.write(`careem-mcp import: ${err.message}\n`);
      return SOURCE_UNREADABLE;
    }
    throw err;
  }
  const domain = opts.domain ?? "misc";
  const result = importDefinitions({ toolsDir: opts.toolsDir, live, domain, dryRun: opts.dryRun });
  opts.out.write(importReport(result, { source, domain, domainChosen: opts.domain !== undefined, dryRun: opts.dryRun, checkDrift: opts.checkDrift }));
  return opts.checkDrift && result.drift ? 1 : 0;
}
