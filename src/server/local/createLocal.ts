// Builds the /_local/ context for an HTTP host: a journal, and the change signal its pages hear.
import type { Config } from "../../config.js";
import type { Engine } from "../../engine/engine.js";
import type { SessionForcing } from "../../forcing/sessionForcing.js";
import { Journal } from "../../journal/journal.js";
import type { SessionRegistry } from "../host/sessionRegistry.js";
import type { LocalContext } from "./localContext.js";
import type { RunBook } from "../../runs/runBook.js";
import { DiffDescription } from "../../runs/diffDescription.js";

export function createLocal(engine: Engine, config: Config, registry: SessionRegistry, sessionForcing: SessionForcing, runs: RunBook): LocalContext {
  const listeners = new Set<(what: "overrides" | "sessions") => void>();
  registry.onEnd(() => {
    for (const listener of listeners) listener("sessions");
  });
  return {
    engine,
    config,
    registry,
    journal: new Journal(),
    sessionForcing,
    runs,
    diffDescription: new DiffDescription(config.toolsDir),
    changed(what) {
      for (const listener of listeners) listener(what);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
