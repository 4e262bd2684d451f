// Shared shapes of the engine. The engine is pure: no express, no sockets, no global clock.
import type { Dynamics } from "./dynamics.js";

/** A JSON value as parsed from a tool file or a call's arguments. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Injected time source: milliseconds since the epoch. */
export type Clock = () => number;

/**
 * Local-only: how far a call's clock is moved ahead of the server's (the `clock` command), so a
 * test or a person can watch a ride complete without waiting. Absent: no call is moved.
 */
export interface TimeShift {
  offsetMs(call: CallContext): number;
}

/** Injected randomness, so tests can pin every `{{uuid}}` and `{{rand:a-b}}`. */
export interface RandomSource {
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A random UUID v4 string. */
  uuid(): string;
}

/** A problem found in a tool file: always has a place and a mending hint in its message. */
export interface Problem {
  /** Path as shown to the user (relative to the working directory when possible). */
  file: string;
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

/** A JSON code block of a tool file, with the line its content starts on. */
export interface Block<T = Json> {
  value: T;
  line: number;
}

export interface Scenario {
  name: string;
  /** Line of the `## Scenario:` heading. */
  line: number;
  match?: Block;
  /** Raw text of the `json response` block: compiled as a template, not parsed as plain JSON. */
  response?: Block<string>;
  /** Raw text of the `json error` block. */
  error?: Block<string>;
  /** `json match-schema`: raw text of a JSON Schema over the arguments (placeholders allowed). */
  matchSchema?: Block<string>;
  /** `json when`: a JSONata condition over $args and $state. */
  when?: Block;
  /** `json then`: raw text of the state operations applied after answering. */
  then?: Block<string>;
  /** `json given`: sample state (over the initial state) that --check renders this scenario with. */
  given?: Block;
  /** Raw text of the `json dynamics` block (latency, progress, faults): parsed by loadTool. */
  dynamics?: Block<string>;
}

/** A parsed tool file. `problems` non-empty means the file is broken and must not be served. */
export interface ToolFile {
  path: string;
  /** File name without `.md`: the tool name the catalog indexes it under. */
  name: string;
  frontMatter: Record<string, unknown>;
  frontMatterLine: number;
  scenarios: Scenario[];
  definition?: Block<JsonObject>;
  /** `## State` / `json state`: raw text of this file's part of the initial state (a template: times are relative to the session's start). */
  state?: Block<string>;
  problems: Problem[];
}

/**
 * The MCP result of a `tools/call`: a success carries the output as JSON text and, where the
 * scenario gives an object, as `structuredContent` (business failures included); a `json error`
 * or arguments that fail validation have `isError: true` and text only.
 */
export interface ToolCallResult {
  content: { type: "text"; text: string }[];
  structuredContent?: JsonObject;
  isError: boolean;
  [key: string]: unknown;
}

/** Which forcing layer chose a scenario, highest precedence first. */
export type ForcingLayer = "call" | "run" | "session" | "overrides";

/** A scenario forced for one call, and by which layer. */
export interface ForcedChoice {
  scenario: string;
  layer: ForcingLayer;
  /** For a forcing given a count (`times`): how many calls it still forces after this one (0: it has ended). */
  left?: number;
}

/** A scenario that did not match, and how close it came: per top-level key of its match block. */
export interface ClosestMiss {
  scenario: string;
  /** Keys of its match block that did match. */
  matchedKeys: string[];
  /** Keys that did not, each with the pattern expected and the value seen (no `seen`: not sent). */
  diff: { key: string; expected?: Json; seen?: Json; reason: string }[];
}

/** What the engine tells the transport about one call. */
export type CallOutcome =
  | {
      kind: "result";
      result: ToolCallResult;
      tool: string;
      /** Scenario used, or null when the call failed before selection (validation, broken file). */
      scenario: string | null;
      /** "forced" | "matched" | "state" (a json when decided) | "default" | null (no scenario). */
      selectedBy: "forced" | "matched" | "state" | "default" | null;
      /** When forced: the layer that forced it (per call, per session, the overrides file). */
      forced?: ForcedChoice;
      /**
       * When the default answered: finds the scenario that came closest to matching, and why it
       * did not. A function, because it costs a third of a default call on a large tool and only
       * the journal's readers want it.
       */
      closest?: () => ClosestMiss | undefined;
      /** Warnings worth a log line (stale forced scenario, output schema mismatch, ...). */
      warnings: string[];
      /** The chosen scenario's `json dynamics`, for the host to play out (src/server/dynamics/). */
      dynamics?: Dynamics;
      /**
       * The answer broke its outputSchema: go-sdk's typed handler never sends such a result, it
       * answers this JSON-RPC error instead (v1.6.1: code 0, measured). `result` is what the
       * scenario rendered, kept for the journal and `why`.
       */
      rpcError?: { code: number; message: string };
      /**
       * go-sdk panics on this call (engine/goPanics.ts), and production's process exits: the
       * client sees its connection end. The panic's text; `result` explains it for the journal.
       */
      goPanic?: string;
    }
  | {
      /** JSON-RPC error -32602, message `unknown tool "<name>"`. */
      kind: "unknown-tool";
      code: -32602;
      message: string;
    };

/**
 * Out-of-band forcing (per session, then the overrides file), injected so the engine never
 * depends on where forcing is kept. `scenarios`: the tool's scenario names; a forced name not
 * among them is skipped with a warning. `use`: false for a dry run (`why`), which must not use
 * up a counted forcing.
 */
export interface Forcing {
  choose(tool: string, scenarios: readonly string[], call: CallContext, use: boolean): { forced?: ForcedChoice; warnings: string[] };
}

/**
 * What a host knows of one tools/call beyond the tool and its arguments. Per-session state,
 * per-call and per-session forcing, progress and the signed-in user all key on it; the engine
 * never asks a transport for it.
 */
export interface CallContext {
  /** "http", "sse" or "stdio". */
  transport?: string;
  /** The MCP session: the HTTP or SSE session id, or one id per stdio process. */
  sessionId?: string;
  /** The signed-in user when auth is on; otherwise the FIXTURES persona. */
  userId?: string;
  /**
   * With --auth, which of production's auth failure texts (`missing Authorization header` and the
   * like) its handler refuses this call with. The handler
   * runs after argument validation, so the engine answers it there (isError: true, no scenario).
   */
  authFailure?: string;
  /** The request's `params._meta`, as the client sent it. */
  meta?: Record<string, unknown>;
  /** Local-only: the run (an isolated world for grading an agent) this call joined, resolved by the host. */
  run?: RunSettings;
  /**
   * The arguments' JSON text as the client wrote it (spaces and all), where the transport kept
   * it: production's decoder quotes that text when arguments are not an object.
   */
  argumentsText?: () => string | undefined;
}

/**
 * What a call needs of its run, decided when the run was made: the engine keys the state on the
 * id, moves the clock, forces scenarios and places injections from it, synchronously.
 */
export interface RunSettings {
  id: string;
  /** The run's clock is the server's plus this (its `clock` at creation, then running). */
  clockOffsetMs: number;
  /** tool -> scenario, for every call of the run. */
  forced: Record<string, string>;
  /** Ids of the catalog's injections placed in this run's answers. */
  injections: string[];
}
