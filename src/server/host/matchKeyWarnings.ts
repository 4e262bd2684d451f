// The running server's share of --check's match-key rule: a `json match` key that is not an
// input of the tool can never match, so the scenario silently never answers. Served files are
// not refused for it (--check fails them), but the log says so once per change of the file,
// with the same words and "did you mean" as --check, the moment the file is saved.
import { unknownMatchKeys } from "../../check/matchKeys.js";
import type { SchemaNode } from "../../check/schemaWalk.js";
import type { CatalogEntry } from "../../engine/catalog.js";
import type { LoadedTool } from "../../engine/loadTool.js";
import type { Log } from "./log.js";

export function matchKeyWarner(entries: () => CatalogEntry[], log: Log): () => void {
  // A file that changed is loaded again as a new object: one look per load, not per call.
  const looked = new WeakSet<LoadedTool>();
  return () => {
    let all: CatalogEntry[];
    try {
      all = entries();
    } catch {
      return; // an unreadable tools directory is logged by the problem reporter beside this one
    }
    for (const entry of all) {
      if (entry.kind !== "ok" || looked.has(entry.result.tool)) continue;
      const tool = entry.result.tool;
      looked.add(tool);
      for (const scenario of tool.scenarios) {
        if (!scenario.match) continue;
        for (const message of unknownMatchKeys(tool.name, tool.definition.inputSchema as SchemaNode, scenario.match.value)) {
          log(`warning: ${tool.file.path}:${scenario.match.line}: ${message}; scenario "${scenario.name}" can never match (./careem-mcp.sh check lists every such problem)`);
        }
      }
    }
  };
}
