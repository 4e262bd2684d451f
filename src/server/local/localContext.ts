// What the local-only API and dashboard under /_local/ read and change.
import type { Config } from "../../config.js";
import type { Engine } from "../../engine/engine.js";
import type { SessionForcing } from "../../forcing/sessionForcing.js";
import type { Journal } from "../../journal/journal.js";
import type { SessionRegistry } from "../host/sessionRegistry.js";
import type { RunBook } from "../../runs/runBook.js";
import type { DiffDescription } from "../../runs/diffDescription.js";

export interface LocalContext {
  engine: Engine;
  config: Config;
  registry: SessionRegistry;
  journal: Journal;
  sessionForcing: SessionForcing;
  /** Runs for grading agents (/_local/runs): in memory, or in Redis with --store. */
  runs: RunBook;
  /** `tools/_diff.json`: how a run's diff reads the state. */
  diffDescription: DiffDescription;
  /** Tells the page's open event streams that forcing changed (so it redraws). */
  changed(what: "overrides" | "sessions"): void;
  onChange(listener: (what: "overrides" | "sessions") => void): () => void;
}
