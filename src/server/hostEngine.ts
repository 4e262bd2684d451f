// One engine per process over the configured tools directory, with the watcher and problem log
// that every transport host wants.
import type { Config } from "../config.js";
import { Engine } from "../engine/engine.js";
import type { Log } from "./log.js";
import { problemReporter } from "./reportProblems.js";
import type { SessionRegistry } from "./sessionRegistry.js";
import { watchTools, type ToolWatcher } from "./watchTools.js";

export function createHostEngine(config: Config, log: Log, registry: SessionRegistry): { engine: Engine; watcher: ToolWatcher } {
  const engine = new Engine({ toolsDir: config.toolsDir, runDir: config.runDir });
  const reportProblems = problemReporter(engine, log);
  reportProblems();
  const watcher = watchTools({
    toolsDir: config.toolsDir,
    engine,
    log,
    onFilesTouched: reportProblems,
    onToolsChanged: () => {
      log(`tools changed on disk: notifying ${registry.size} open session(s)`);
      registry.broadcastToolsChanged();
    },
  });
  return { engine, watcher };
}
