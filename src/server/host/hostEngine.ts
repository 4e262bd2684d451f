// One engine per process over the configured tools directory, with the watcher and problem log
// that every transport host wants.
import path from "node:path";
import type { Config } from "../../config.js";
import { Engine } from "../../engine/engine.js";
import { frozenClockAndIds } from "../../engine/frozenClockAndIds.js";
import { OverridesReader } from "../../overrides/overridesFile.js";
import { ClockReader } from "../../clock/clockFile.js";
import { StateStore } from "../../state/stateStore.js";
import { layeredForcing } from "../../forcing/layeredForcing.js";
import { SessionForcing } from "../../forcing/sessionForcing.js";
import type { Log } from "./log.js";
import { problemReporter } from "./reportProblems.js";
import { matchKeyWarner } from "./matchKeyWarnings.js";
import type { SessionRegistry } from "./sessionRegistry.js";
import { createHostWatcher } from "./hostWatcher.js";
import type { ToolWatcher } from "./watchTools.js";

export interface HostEngine {
  engine: Engine;
  /** Per-session forcing, consulted before the overrides file; freed when a session ends. */
  sessionForcing: SessionForcing;
  watcher: ToolWatcher;
  /** Settles when every tool file has been loaded once, broken ones logged. */
  ready: Promise<void>;
  /** Logs broken tool files not logged before. */
  reportProblems: () => void;
}

/** `watcher`: one the host already runs (stdio starts watching before loading the engine). */
/** `shared`: the Redis-backed state of --store, opened by the host before it listens. */
export function createHostEngine(config: Config, log: Log, registry: SessionRegistry, watcher?: ToolWatcher, shared?: StateStore): HostEngine {
  // Over stdio a desktop client starts a process per conversation: the user's state is kept in
  // the run dir so the next conversation finds the order placed in this one.
  const persistDir = config.persistState && config.stateScope === "user" ? path.join(config.runDir, "state") : undefined;
  const state = shared ?? new StateStore({ scope: config.stateScope, limitBytes: config.stateLimit, persistDir, onProblem: (text) => log(`warning: ${text}`) });
  const sessionForcing = new SessionForcing();
  // What a session owns goes with it (user-scoped state outlives sessions, as a user's basket does).
  registry.onEnd((id) => {
    sessionForcing.forget(id);
    state.endSession(id);
  });
  // CAREEM_MCP_FREEZE (local-only, for the parity corpus): a stopped clock and constant randomness.
  const frozen = process.env.CAREEM_MCP_FREEZE ? frozenClockAndIds(process.env.CAREEM_MCP_FREEZE) : {};
  const timeShift = new ClockReader(config.runDir, log);
  const engine = new Engine({ toolsDir: config.toolsDir, forced: layeredForcing(sessionForcing, new OverridesReader(config.runDir)), state, timeShift, ...frozen });
  const reportBroken = problemReporter(engine, log);
  const warnMatchKeys = matchKeyWarner(() => engine.catalog.all(), log);
  const reportProblems = () => {
    reportBroken();
    warnMatchKeys();
  };
  watcher ??= createHostWatcher(config, log, registry, () => engine, reportProblems);
  // The catalog loads in the background, yielding between files, so the transport answers
  // initialize (and anything else) at once instead of after every file has been compiled.
  const ready = engine.warm().then(
    () => {
      watcher.prime();
      reportProblems();
    },
    (err: unknown) => log(`could not load the tools directory: ${err instanceof Error ? err.message : String(err)}`),
  );
  return { engine, sessionForcing, watcher, ready, reportProblems };
}
