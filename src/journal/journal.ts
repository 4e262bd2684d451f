// The call journal (issue 14): the last N tools/calls in a bounded ring, each with how its
// scenario was chosen, for `GET /_local/calls`, `./careem-mcp.sh calls` and the dashboard's
// live list. Big arguments or outputs are replaced by their size, so the ring's memory stays
// bounded by count x cap, whatever the calls carry.
import type { CallOutcome, ClosestMiss, ForcingLayer } from "../engine/types.js";
import { describeChoice, describeDefault } from "./describeChoice.js";

export interface JournalEntry {
  /** 1, 2, 3, ... in the order calls were answered. */
  id: number;
  /** ISO 8601. */
  time: string;
  transport: string;
  session: string | null;
  tool: string;
  arguments: unknown;
  scenario: string | null;
  /** How the scenario was chosen: "forced", "matched", "state", "default", or null (none). */
  selectedBy: string | null;
  /** For a forced scenario: the layer that forced it. */
  forcedBy?: ForcingLayer;
  /** For a counted forcing: calls it still forces after this one. */
  left?: number;
  /** For a call that fell to the default: the scenario that came closest, with its diff. */
  closest?: ClosestMiss;
  /** One line a person reads: why this scenario (or why none). */
  why: string;
  isError: boolean;
  durationMs: number;
  warnings: string[];
  /** The result's structuredContent (for the widget preview), or `{ truncated, bytes }`. */
  structuredContent?: unknown;
}

export interface CallToRecord {
  transport: string;
  session: string | undefined;
  tool: string;
  args: unknown;
  outcome: CallOutcome;
  durationMs: number;
}

export interface JournalOptions {
  /** Most calls kept; the oldest goes first. */
  capacity: number;
  /** Largest arguments or structuredContent kept as is, in characters of JSON. */
  maxValueChars: number;
  now: () => number;
}

export const journalDefaults: JournalOptions = { capacity: 1000, maxValueChars: 16 * 1024, now: () => Date.now() };

type Listener = (entry: JournalEntry) => void;

function capped(value: unknown, text: string | undefined, max: number): unknown {
  const size = text?.length ?? 0;
  return size > max ? { truncated: true, chars: size } : value;
}

export class Journal {
  private readonly ring: (JournalEntry | undefined)[];
  private next = 0;
  private count = 0;
  private lastId = 0;
  private readonly listeners = new Set<Listener>();
  private readonly opts: JournalOptions;

  constructor(opts: Partial<JournalOptions> = {}) {
    this.opts = { ...journalDefaults, ...opts };
    this.ring = new Array<JournalEntry | undefined>(this.opts.capacity);
  }

  get capacity(): number {
    return this.opts.capacity;
  }

  record = (call: CallToRecord): JournalEntry => {
    const { outcome } = call;
    const max = this.opts.maxValueChars;
    let argsText: string | undefined;
    try {
      argsText = JSON.stringify(call.args);
    } catch {
      argsText = undefined; // not serialisable as JSON: cannot have come off the wire
    }
    const entry: JournalEntry = {
      id: ++this.lastId,
      time: new Date(this.opts.now()).toISOString(),
      transport: call.transport,
      session: call.session ?? null,
      tool: call.tool,
      arguments: capped(call.args ?? {}, argsText, max),
      scenario: outcome.kind === "result" ? outcome.scenario : null,
      selectedBy: outcome.kind === "result" ? outcome.selectedBy : null,
      why: "",
      isError: outcome.kind === "result" ? outcome.result.isError : true,
      durationMs: Math.round(call.durationMs * 1000) / 1000,
      warnings: outcome.kind === "result" ? outcome.warnings : [],
    };
    if (outcome.kind !== "result") entry.why = describeChoice(outcome, call.session);
    else {
      if (outcome.forced) entry.forcedBy = outcome.forced.layer;
      if (outcome.forced?.left !== undefined) entry.left = outcome.forced.left;
      if (outcome.closest) {
        // Found when first read (a listener, GET /calls), not on the call's own path.
        const find = outcome.closest;
        let closest: ClosestMiss | undefined | null = null;
        const resolve = () => (closest === null ? (closest = find()) : closest);
        Object.defineProperty(entry, "closest", { enumerable: true, configurable: true, get: resolve });
        // (Closures over `find` only: holding the outcome would keep an output the cap dropped.)
        Object.defineProperty(entry, "why", { enumerable: true, configurable: true, get: () => describeDefault(resolve()) });
      } else {
        entry.why = describeChoice(outcome, call.session);
      }
      // The content text is the structuredContent serialised already: its length is free.
      if (outcome.result.structuredContent) entry.structuredContent = capped(outcome.result.structuredContent, outcome.result.content[0]?.text, max);
    }
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.opts.capacity;
    this.count = Math.min(this.count + 1, this.opts.capacity);
    for (const listener of this.listeners) listener(entry);
    return entry;
  };

  /** Oldest first, optionally only one tool's or one session's calls, only those after an id. */
  list(filter: { tool?: string; session?: string; after?: number } = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const start = (this.next - this.count + this.opts.capacity) % this.opts.capacity;
    for (let i = 0; i < this.count; i++) {
      const entry = this.ring[(start + i) % this.opts.capacity] as JournalEntry;
      if (filter.tool !== undefined && entry.tool !== filter.tool) continue;
      if (filter.session !== undefined && entry.session !== filter.session) continue;
      if (filter.after !== undefined && entry.id <= filter.after) continue;
      out.push(entry);
    }
    return out;
  }

  /** Calls per session still in the ring, and the time of the last. */
  sessionsSeen(): Map<string, { calls: number; lastCall: string }> {
    const seen = new Map<string, { calls: number; lastCall: string }>();
    for (const entry of this.list()) {
      if (entry.session === null) continue;
      const s = seen.get(entry.session) ?? { calls: 0, lastCall: entry.time };
      s.calls++;
      s.lastCall = entry.time;
      seen.set(entry.session, s);
    }
    return seen;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
