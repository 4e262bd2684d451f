// Logs broken tool files as file:line: reason, once each time a problem appears, so a typo in a
// tool file shows up in the server log the moment the file is saved.
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "./log.js";

export function problemReporter(engine: ToolEngine, log: Log): () => void {
  let seen = new Set<string>();
  return () => {
    let problems;
    try {
      problems = engine.problems();
    } catch (err) {
      log(`could not read the tools directory: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const now = new Set<string>();
    for (const p of problems) {
      const line = `${p.file}:${p.line}: ${p.message}`;
      now.add(line);
      if (!seen.has(line)) log(`broken tool file (left out of tools/list): ${line}`);
    }
    // Forget fixed problems, so the same mistake made again is logged again.
    seen = now;
  };
}
