// The call journal: the last N tools/calls in a bounded ring, each with how its
// scenario was chosen, for `GET /_local/calls`, `./careem-mcp.sh calls` and the dashboard's
// live list. Big arguments or outputs are replaced by their size, and arguments too deeply nested
// to write as JSON by a marker saying so, so the ring keeps only texts and its memory stays
// bounded by count x cap, whatever the calls carry.
import type { CallOutcome, ClosestMiss, ForcingLayer } from "../base/types.js";
import { describeChoice, describeDefault } from "./describeChoice.js";
import { goMarshalled } from "../goJson/marshalled.js";

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
  /** With --store: the replica that answered the call, when it was another one. */
  replica?: string;
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

/**
 * What the ring keeps of a call: texts and scalars, no object trees. Entries live a quarter of a
 * second at 4,000 calls/s, long enough for V8 to promote them to the old space and collect them
 * there; at 2,000 tool files that churn grew the server past the benchmark's 250 MiB RSS target. A
 * JSON text is one flat string where the value it came from is a tree of objects, and readers
 * (GET /calls, the dashboard's events) are few: they get a fresh parse (entryOf).
 */
class StoredCall {
  constructor(
    readonly id: number,
    readonly at: number,
    readonly transport: string,
    readonly session: string | null,
    readonly tool: string,
    /** JSON text of the arguments (or of their size marker, or of the unwritable marker). */
    readonly argsText: string,
    /** JSON text of structuredContent (or of its size marker). */
    readonly outputText: string | undefined,
    readonly scenario: string | null,
    readonly selectedBy: string | null,
    readonly forcedBy: ForcingLayer | undefined,
    readonly left: number | undefined,
    /** A default call's closest miss, found once when first read (not on the call's own path). */
    readonly closest: (() => ClosestMiss | undefined) | undefined,
    readonly why: string,
    readonly isError: boolean,
    readonly durationMs: number,
    readonly warnings: string[],
    readonly replica?: string,
  ) {}
}

/** Its text, or the text of its size marker when over the cap. */
function keptText(text: string, max: number): string {
  return text.length > max ? JSON.stringify({ truncated: true, chars: text.length }) : text;
}

/**
 * Kept in place of a value JSON.stringify cannot write (nested deeper than its stack, as a
 * 10 KB body of 5,000 brackets is). Keeping the value itself held megabytes per call and made
 * every later reader of the ring (GET /calls, the dashboard's feed, --store's sharing) throw.
 */
export const UNWRITABLE = JSON.stringify({ truncated: true, reason: "nested too deeply to write as JSON" });

/** keptText of the value's JSON, or the unwritable marker. */
function keptValueText(value: unknown, max: number): string {
  return keptValue(value, max).text;
}

/** The text kept of a value, and whether it is the value's whole JSON (not a marker). */
function keptValue(value: unknown, max: number): { text: string; whole: boolean } {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return { text: UNWRITABLE, whole: false };
  }
  return text.length > max ? { text: keptText(text, max), whole: false } : { text, whole: true };
}

const NO_WARNINGS: string[] = [];
/** Texts remembered per tool for sharing (see Journal.shared); bounded across catalogs of any size. */
const SHARED_TOOLS = 256;

function entryOf(c: StoredCall): JournalEntry {
  const entry: JournalEntry = {
    id: c.id,
    time: new Date(c.at).toISOString(),
    transport: c.transport,
    session: c.session,
    tool: c.tool,
    arguments: JSON.parse(c.argsText),
    scenario: c.scenario,
    selectedBy: c.selectedBy,
    why: c.why,
    isError: c.isError,
    durationMs: c.durationMs,
    warnings: c.warnings,
  };
  if (c.forcedBy !== undefined) entry.forcedBy = c.forcedBy;
  if (c.left !== undefined) entry.left = c.left;
  if (c.closest) {
    // Found when first read (JSON.stringify of the entry), once per call however often it is read.
    const closest = c.closest;
    Object.defineProperty(entry, "closest", { enumerable: true, configurable: true, get: closest });
    Object.defineProperty(entry, "why", { enumerable: true, configurable: true, get: () => describeDefault(closest()) });
  }
  if (c.outputText !== undefined) entry.structuredContent = JSON.parse(c.outputText);
  if (c.replica !== undefined) entry.replica = c.replica;
  return entry;
}

export class Journal {
  private readonly ring: (StoredCall | undefined)[];
  private next = 0;
  private count = 0;
  private lastId = 0;
  private readonly listeners = new Set<Listener>();
  private readonly opts: JournalOptions;
  /** The last texts kept per tool: a call answered as the one before it shares its strings. */
  private readonly lastTexts = new Map<string, { args?: string; output?: string }>();

  constructor(opts: Partial<JournalOptions> = {}) {
    this.opts = { ...journalDefaults, ...opts };
    this.ring = new Array<StoredCall | undefined>(this.opts.capacity);
  }

  get capacity(): number {
    return this.opts.capacity;
  }

  /** Keeps one answered call; subscribers hear it as an entry, and so does `onRecorded` (--store shares it). */
  record = (call: CallToRecord): void => {
    const stored = this.store(call);
    const heard = this.keep(stored);
    if (!this.onRecorded) return;
    try {
      this.onRecorded(heard ?? entryOf(stored));
    } catch {
      // Sharing is best effort (store/sharedJournal.ts logs its own failures): never the call's.
    }
  };

  /** Told of every call this process answered, as an entry (set by store/sharedJournal.ts). */
  onRecorded?: (entry: JournalEntry) => void;

  /**
   * Keeps a call another replica answered (--store), as that replica recorded it: it gets an id
   * of this journal's order, and its texts are kept as a local call's are.
   */
  adopt(entry: JournalEntry, replica: string): void {
    const max = this.opts.maxValueChars;
    const argsText = keptValueText(entry.arguments ?? {}, max);
    const outputText = entry.structuredContent === undefined ? undefined : keptValueText(entry.structuredContent, max);
    const shared = this.shared(entry.tool, argsText, outputText);
    const closest = entry.closest;
    this.keep(
      new StoredCall(++this.lastId, Date.parse(entry.time), entry.transport, entry.session, entry.tool, shared.args ?? argsText, shared.output, entry.scenario, entry.selectedBy, entry.forcedBy, entry.left, closest ? () => closest : undefined, entry.why, entry.isError, entry.durationMs, entry.warnings.length > 0 ? entry.warnings : NO_WARNINGS, replica),
    );
  }

  /** Rings the call in; the entry its listeners heard, if any (made once per call). */
  private keep(stored: StoredCall): JournalEntry | undefined {
    this.ring[this.next] = stored;
    this.next = (this.next + 1) % this.opts.capacity;
    this.count = Math.min(this.count + 1, this.opts.capacity);
    if (this.listeners.size === 0) return undefined;
    const entry = entryOf(stored);
    for (const listener of this.listeners) {
      // A listener is a reader (the dashboard's feed): its failure must never fail the call it hears.
      try {
        listener(entry);
      } catch {
        // the reader loses one line
      }
    }
    return entry;
  }

  private store(call: CallToRecord): StoredCall {
    const { outcome } = call;
    const max = this.opts.maxValueChars;
    const { text: argsText, whole: argsWhole } = keptValue(call.args ?? {}, max);
    // The content text is the structuredContent serialised already (goJsonOf finds it): free.
    const structured = outcome.kind === "result" ? outcome.result.structuredContent : undefined;
    let outputText: string | undefined;
    try {
      outputText = structured === undefined ? undefined : keptText(goMarshalled(structured), max);
    } catch {
      outputText = UNWRITABLE;
    }
    const shared = this.shared(call.tool, argsText, outputText);
    const result = outcome.kind === "result" ? outcome : undefined;
    let closest: (() => ClosestMiss | undefined) | undefined;
    // The finder holds the call's arguments: kept only when the ring keeps their whole text, so
    // arguments cut to a size marker (a 3.9 MB string) are not held by it for 1,000 calls.
    if (result?.closest && argsWhole) {
      // (A closure over `find` only: holding the outcome would keep an output the cap dropped.)
      const find = result.closest;
      let found: ClosestMiss | undefined | null = null;
      closest = () => (found === null ? (found = find()) : found);
    }
    return new StoredCall(
      ++this.lastId,
      this.opts.now(),
      call.transport,
      call.session ?? null,
      call.tool,
      shared.args ?? argsText,
      shared.output,
      result ? result.scenario : null,
      result ? result.selectedBy : null,
      result?.forced?.layer,
      result?.forced?.left,
      closest,
      closest ? "" : describeChoice(outcome, call.session),
      result ? result.result.isError : true,
      Math.round(call.durationMs * 1000) / 1000,
      result && result.warnings.length > 0 ? result.warnings : NO_WARNINGS,
    );
  }

  /**
   * The texts to keep: a tool asked the same thing again (an agent polling) and answered the
   * same, as is common, shares the strings of its previous entry, so the new ones die young.
   */
  private shared(tool: string, args: string | undefined, output: string | undefined): { args?: string; output?: string } {
    const last = this.lastTexts.get(tool);
    const kept = { args: last?.args === args ? last?.args : args, output: last?.output === output ? last?.output : output };
    if (!last && this.lastTexts.size >= SHARED_TOOLS) this.lastTexts.clear();
    this.lastTexts.set(tool, kept);
    return kept;
  }

  /** Oldest first, optionally only one tool's or one session's calls, only those after an id. */
  list(filter: { tool?: string; session?: string; after?: number } = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const stored of this.oldestFirst()) {
      if (filter.tool !== undefined && stored.tool !== filter.tool) continue;
      if (filter.session !== undefined && stored.session !== filter.session) continue;
      if (filter.after !== undefined && stored.id <= filter.after) continue;
      out.push(entryOf(stored));
    }
    return out;
  }

  private *oldestFirst(): Generator<StoredCall> {
    const start = (this.next - this.count + this.opts.capacity) % this.opts.capacity;
    for (let i = 0; i < this.count; i++) yield this.ring[(start + i) % this.opts.capacity] as StoredCall;
  }

  /** Calls per session still in the ring, and the time of the last. */
  sessionsSeen(): Map<string, { calls: number; lastCall: string }> {
    const seen = new Map<string, { calls: number; lastCall: string }>();
    for (const call of this.oldestFirst()) {
      if (call.session === null) continue;
      const time = new Date(call.at).toISOString();
      const s = seen.get(call.session) ?? { calls: 0, lastCall: time };
      s.calls++;
      s.lastCall = time;
      seen.set(call.session, s);
    }
    return seen;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
