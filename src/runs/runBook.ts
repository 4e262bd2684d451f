// Runs: isolated worlds made on demand for grading an agent. A run is a state scope of its own
// (`run:<id>` in the StateStore), a clock, forced scenarios and injections, and the journal of its
// calls. This book keeps them in memory, bounded as sessions are: a count, bytes of calls per run,
// and an idle expiry (store/sharedRuns.ts keeps them in Redis for a team's replicas).
import type { JsonObject, RunSettings } from "../base/types.js";
import { Journal, type CallToRecord, type JournalEntry } from "../journal/journal.js";

/** What a run was made with, as `GET /_local/runs/<id>` shows it. */
export interface RunRecord {
  settings: RunSettings;
  /** The persona whose world the run copies. */
  user: string;
  /** When it was made (the server's clock, ISO 8601). */
  createdAt: string;
  /** The run's clock when it was made, as asked (absent: the server's). */
  clock?: string;
  /** The persona's state when the run began (the diff's "before"). */
  start: JsonObject;
}

export interface RunLimits {
  /** Most runs kept at once. */
  maxRuns: number;
  /** A run untouched this long is forgotten, its state with it. */
  idleMs: number;
  /** Most calls one run records; past it the run's calls are refused (its grading would be partial). */
  maxCalls: number;
  /** Most bytes of recorded calls (their JSON) one run keeps; past it, as maxCalls. */
  maxCallBytes: number;
}

export const runDefaults: RunLimits = { maxRuns: 200, idleMs: 30 * 60 * 1000, maxCalls: 5000, maxCallBytes: 8 * 1024 * 1024 };

export class RunLimitError extends Error {}

/** What a run's calls are refused with once it is full, or undefined while it has room. */
export function fullText(id: string, calls: number, bytes: number, limits: RunLimits): string | undefined {
  if (calls >= limits.maxCalls) return `run ${id} has recorded ${calls} calls, its cap; start a new run (POST /_local/runs) for more`;
  if (bytes >= limits.maxCallBytes) return `run ${id}'s calls take ${bytes} bytes, past its ${limits.maxCallBytes}-byte cap; start a new run (POST /_local/runs) for more`;
  return undefined;
}

/** Where runs are kept: in this process (below) or in Redis (store/sharedRuns.ts). */
export interface RunBook {
  readonly limits: RunLimits;
  /** Throws RunLimitError when the book is full. */
  create(record: RunRecord): Promise<void>;
  /** The run, renewing its idle time; undefined when unknown or expired. */
  get(id: string): Promise<RunRecord | undefined>;
  /** Why the run takes no more calls, if it is full. */
  full(id: string): Promise<string | undefined>;
  record(id: string, call: CallToRecord): Promise<void>;
  calls(id: string): Promise<JournalEntry[]>;
  /** The run's state now, undefined while it changed nothing. */
  endState(id: string): Promise<JsonObject | undefined>;
  /** Moves the run's clock: its calls from now on read the server's time plus `offsetMs`. False when there is no such run. */
  setClock(id: string, offsetMs: number): Promise<boolean>;
  /** False when there was no such run. */
  end(id: string): Promise<boolean>;
  list(): Promise<{ id: string; user: string; createdAt: string; calls: number }[]>;
}

interface Held {
  record: RunRecord;
  journal: Journal;
  calls: number;
  bytes: number;
  lastUsed: number;
}

/** The state a run's calls write, and forgetting it (the engine's StateStore is one). */
export interface RunStates {
  peek(key: string): JsonObject | undefined;
  reset(key: string): void;
}

export const runStateKey = (id: string) => `run:${id}`;

export class MemoryRunBook implements RunBook {
  private readonly runs = new Map<string, Held>();

  constructor(
    private readonly states: RunStates,
    readonly limits: RunLimits = runDefaults,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets runs idle past the limit; run on every access, so no timer keeps the process alive. */
  private sweep(): void {
    const cutoff = this.now() - this.limits.idleMs;
    for (const [id, held] of this.runs) if (held.lastUsed <= cutoff) this.drop(id);
  }

  private drop(id: string): void {
    this.runs.delete(id);
    this.states.reset(runStateKey(id));
  }

  private held(id: string): Held | undefined {
    this.sweep();
    const held = this.runs.get(id);
    if (held) held.lastUsed = this.now();
    return held;
  }

  async create(record: RunRecord): Promise<void> {
    this.sweep();
    if (this.runs.size >= this.limits.maxRuns) {
      throw new RunLimitError(`${this.runs.size} runs are open, the cap (--run-limit); end one (DELETE /_local/runs/<id>) or wait for one to idle out (${Math.round(this.limits.idleMs / 60000)} min)`);
    }
    const journal = new Journal({ capacity: this.limits.maxCalls, now: this.now });
    const held: Held = { record, journal, calls: 0, bytes: 0, lastUsed: this.now() };
    journal.onRecorded = (entry) => {
      held.bytes += Buffer.byteLength(JSON.stringify(entry), "utf8");
    };
    this.runs.set(record.settings.id, held);
  }

  async get(id: string): Promise<RunRecord | undefined> {
    return this.held(id)?.record;
  }

  async full(id: string): Promise<string | undefined> {
    const held = this.held(id);
    return held && fullText(id, held.calls, held.bytes, this.limits);
  }

  async record(id: string, call: CallToRecord): Promise<void> {
    const held = this.runs.get(id);
    if (!held) return;
    held.journal.record(call);
    held.calls++;
  }

  async calls(id: string): Promise<JournalEntry[]> {
    return this.held(id)?.journal.list() ?? [];
  }

  async endState(id: string): Promise<JsonObject | undefined> {
    return this.held(id) ? this.states.peek(runStateKey(id)) : undefined;
  }

  async setClock(id: string, offsetMs: number): Promise<boolean> {
    const held = this.held(id);
    if (!held) return false;
    held.record = { ...held.record, settings: { ...held.record.settings, clockOffsetMs: offsetMs } };
    return true;
  }

  async end(id: string): Promise<boolean> {
    this.sweep();
    if (!this.runs.has(id)) return false;
    this.drop(id);
    return true;
  }

  async list(): Promise<{ id: string; user: string; createdAt: string; calls: number }[]> {
    this.sweep();
    return [...this.runs.values()].map((h) => ({ id: h.record.settings.id, user: h.record.user, createdAt: h.record.createdAt, calls: h.calls })).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }
}
