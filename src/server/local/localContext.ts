// What the local-only API and dashboard under /_local/ read and change.
import type { Config } from "../../config.js";
import type { Engine } from "../../engine/engine.js";
import type { SessionForcing } from "../../forcing/sessionForcing.js";
import type { Journal } from "../../journal/journal.js";
import type { SessionRegistry } from "../host/sessionRegistry.js";

export interface LocalContext {
  engine: Engine;
  config: Config;
  registry: SessionRegistry;
  journal: Journal;
  sessionForcing: SessionForcing;
  /** Tells the page's open event streams that forcing changed (so it redraws). */
  changed(what: "overrides" | "sessions"): void;
  onChange(listener: (what: "overrides" | "sessions") => void): () => void;
}
