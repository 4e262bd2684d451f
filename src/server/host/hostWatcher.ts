// The tools-directory watcher every host runs. Kept free of the engine's modules so stdio can
// start watching before it loads them: a file added while the engine loads is still announced.
import type { Config } from "../../config.js";
import type { Log } from "./log.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { SessionRegistry } from "./sessionRegistry.js";
import { watchTools, type ToolWatcher } from "./watchTools.js";

export function createHostWatcher(
  config: Config,
  log: Log,
  registry: SessionRegistry,
  engine: () => ToolEngine | undefined,
  onFilesTouched: () => void,
): ToolWatcher {
  return watchTools({
    toolsDir: config.toolsDir,
    engine,
    log,
    onFilesTouched,
    onToolsChanged: () => {
      log(`tools changed on disk: notifying ${registry.size} open session(s)`);
      registry.broadcastToolsChanged();
    },
  });
}
