// The call pipeline every transport uses: catalog -> validate -> select -> render -> result.
// Implementation lands in this file; the signatures below are the contract transports use.
import type { CallOutcome, Clock, JsonObject, Problem, RandomSource } from "./types.js";

export interface EngineOptions {
  /** Absolute path of the tools directory (default `<project>/tools`). */
  toolsDir: string;
  /** Absolute path of the run-state directory holding `overrides.json` (default `<project>/.run`). */
  runDir: string;
  clock?: Clock;
  random?: RandomSource;
}

export declare class Engine {
  constructor(opts: EngineOptions);
  /** Every good tool file's `json tool` block verbatim, sorted by name; broken files left out. */
  listTools(): JsonObject[];
  /** One tools/call. Never throws for bad input; every problem becomes a result or unknown-tool. */
  callTool(name: string, args: unknown): CallOutcome;
  /** Problems of every broken file in the catalog right now (for log lines). */
  problems(): Problem[];
  /** Changes whenever the set of tools or any definition changes (drives tools/list_changed). */
  fingerprint(): string;
}
