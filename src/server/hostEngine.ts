// One engine per process over the configured tools directory, with the watcher and problem log
// that every transport host wants.
import type { Config } from "../config.js";
import { Engine } from "../engine/engine.js";
import type { Log } from "./log.js";
import { problemReporter } from "./reportProblems.js";
import type { SessionRegistry } from "./sessionRegistry.js";
import { watchTools, type ToolWatcher } from "./watchTools.js";

export interface HostEngine {
  engine: Engine;
  watcher: ToolWatcher;
  /** Settles when every tool file has been loaded once, broken ones logged. */
  ready: Promise<void>;
}

export function createHostEngine(config: Config, log: Log, registry: SessionRegistry): HostEngine {
  const engine = new Engine({ toolsDir: config.toolsDir, runDir: config.runDir });
  const reportProblems = problemReporter(engine, log);
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
  // The catalog loads in the background, yielding between files, so the transport answers
  // initialize (and anything else) at once instead of after every file has been compiled.
  const ready = engine.warm().then(
    () => {
      watcher.prime();
      reportProblems();
    },
    (err: unknown) => log(`could not load the tools directory: ${err instanceof Error ? err.message : String(err)}`),
  );
  return { engine, watcher, ready };
}
