// What `GET /_local/runs/<id>` answers and `verify` checks: the run's setup, its calls as the
// journal has them, and its diff, read once from the book so both see the same run.
import type { JsonObject } from "../base/types.js";
import type { JournalEntry } from "../journal/journal.js";
import type { RunBook, RunRecord } from "./runBook.js";
import { stateDiff, type NamedCollection, type StateDiff } from "./stateDiff.js";
import { verify, type Expectations, type Verdict } from "./expectations.js";

export interface RunReport {
  run: string;
  user: string;
  createdAt: string;
  clock?: string;
  forced: Record<string, string>;
  injections: string[];
  calls: JournalEntry[];
  diff: StateDiff;
}

export interface RunFactsRead {
  record: RunRecord;
  calls: JournalEntry[];
  start: JsonObject;
  end: JsonObject;
  diff: StateDiff;
}

/** undefined when there is no such run (unknown, ended or idled out). */
export async function readRun(book: RunBook, id: string, collections: readonly NamedCollection[]): Promise<RunFactsRead | undefined> {
  const record = await book.get(id);
  if (!record) return undefined;
  const [calls, stored] = await Promise.all([book.calls(id), book.endState(id)]);
  const end = stored ?? record.start;
  return { record, calls, start: record.start, end, diff: stateDiff(record.start, end, collections) };
}

export function reportOf(read: RunFactsRead): RunReport {
  const { record } = read;
  return {
    run: record.settings.id,
    user: record.user,
    createdAt: record.createdAt,
    ...(record.clock !== undefined && { clock: record.clock }),
    forced: record.settings.forced,
    injections: record.settings.injections,
    calls: read.calls,
    diff: read.diff,
  };
}

export function verifyRun(read: RunFactsRead, expectations: Expectations, now?: () => number): Verdict {
  return verify(expectations, { calls: read.calls, diff: read.diff, start: read.start, end: read.end }, now);
}

/** The message for an id no run has. */
export function noSuchRun(id: string, idleMs: number): string {
  return `unknown run ${JSON.stringify(id)}: no run of that id is open here (it was never made, was ended, or idled out after ${Math.round(idleMs / 60000)} min); make one with POST /_local/runs`;
}
