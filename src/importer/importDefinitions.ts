// The one import both entry points share (`careem-mcp import --from URL` and
// `scripts/import-definitions.mjs export.json`): live definitions in, a plan of file texts and a
// drift report out, the honesty check run on the result before anything is written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkCatalog } from "../check/checkCatalog.js";
import { isObject } from "../base/isObject.js";
import type { JsonObject, Problem } from "../base/types.js";
import { writeInsideCatalog } from "./atomicWrite.js";
import { definitionBlock } from "./definitionBlock.js";
import { definitionDrift } from "./definitionDrift.js";
import { placeholderDefault, toolFileText } from "./newToolFile.js";
import { isSafeToolName, toolFileIndex } from "./toolFileIndex.js";

export interface ImportOptions {
  toolsDir: string;
  live: JsonObject[];
  /** Folder (and front-matter domain) of files made for live tools that have none. */
  domain: string;
  dryRun: boolean;
}

export interface ImportResult {
  changed: { name: string; file: string; fields: string[] }[];
  unchanged: string[];
  created: { name: string; file: string; placeholder: "response" | "error" }[];
  notLive: { name: string; file: string }[];
  /** Live tools or files import could not handle, with why. */
  skipped: { name: string; reason: string }[];
  /** Honesty problems of the result that the catalog did not have before. */
  madeDishonest: Problem[];
  /** Honesty problems the catalog had before and still has. */
  alreadyDishonest: Problem[];
  written: string[];
  /** Anything differs between the files and the live server. */
  drift: boolean;
}

/** Same problem before and after: same file (relative to its catalog) and message; lines may move. */
function problemKey(root: string, p: Problem): string {
  return `${path.relative(root, path.resolve(p.file))}\u0000${p.message}`;
}

/** Keys of the honesty problems a catalog has now. */
function problemKeys(dir: string): Set<string> {
  return new Set(checkCatalog(dir).problems.map((p) => problemKey(dir, p)));
}

export function importDefinitions(opts: ImportOptions): ImportResult {
  const toolsDir = path.resolve(opts.toolsDir);
  const files = toolFileIndex(toolsDir);
  const result: ImportResult = { changed: [], unchanged: [], created: [], notLive: [], skipped: [], madeDishonest: [], alreadyDishonest: [], written: [], drift: false };
  const texts = new Map<string, string>();
  const liveNames = new Set<string>();

  for (const tool of opts.live) {
    const name = tool.name;
    if (typeof name !== "string" || !isObject(tool.inputSchema)) {
      result.skipped.push({ name: String(name), reason: "not an MCP tool object (it needs a string name and an inputSchema object)" });
      continue;
    }
    if (liveNames.has(name)) {
      result.skipped.push({ name, reason: "listed twice by the server; the first definition was used" });
      continue;
    }
    liveNames.add(name);
    const file = files.get(name);
    if (file) {
      const text = fs.readFileSync(file, "utf8");
      const block = definitionBlock(file, text);
      if (!block.ok) {
        result.skipped.push({ name, reason: `${block.reason}; file left alone` });
        continue;
      }
      const fields = definitionDrift(block.definition, tool);
      if (fields.length === 0) {
        result.unchanged.push(name);
        continue;
      }
      result.changed.push({ name, file, fields });
      texts.set(file, block.replace(tool));
      continue;
    }
    if (!isSafeToolName(name)) {
      result.skipped.push({ name, reason: "its name cannot be a file name (letters, digits, _ . - only); no file made" });
      continue;
    }
    const target = path.join(toolsDir, opts.domain, `${name}.md`);
    const placeholder = placeholderDefault(tool);
    const note = "Made by `careem-mcp import` from the live server's tools/list: the definition is production's, the scenario below is a placeholder.";
    texts.set(target, toolFileText({ name, domain: opts.domain, note, scenarios: [placeholder.section], definition: tool }));
    result.created.push({ name, file: target, placeholder: placeholder.kind });
  }
  for (const [name, file] of files) if (!liveNames.has(name)) result.notLive.push({ name, file });
  result.drift = result.changed.length > 0 || result.created.length > 0 || result.notLive.length > 0;

  // The check runs on a copy with the new texts in place, so a dry run can say the same. With
  // nothing to change, nothing can have been made dishonest: the nightly no-drift run skips it.
  if (texts.size > 0) {
    const before = problemKeys(toolsDir);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "careem-mcp-import-"));
    try {
      fs.cpSync(toolsDir, copy, { recursive: true, verbatimSymlinks: true });
      for (const [file, text] of texts) {
        const inCopy = path.join(copy, path.relative(toolsDir, file));
        fs.mkdirSync(path.dirname(inCopy), { recursive: true });
        fs.writeFileSync(inCopy, text);
      }
      for (const p of checkCatalog(copy).problems) {
        const shown = { ...p, file: path.relative(process.cwd(), path.join(toolsDir, path.relative(copy, path.resolve(p.file)))) };
        (before.has(problemKey(copy, p)) ? result.alreadyDishonest : result.madeDishonest).push(shown);
      }
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }

  if (!opts.dryRun) {
    for (const [file, text] of texts) {
      writeInsideCatalog(toolsDir, file, text);
      result.written.push(file);
    }
  }
  return result;
}
