// Expectations: what must and must not have happened in a run, checked against the backend's
// calls and state, never the agent's words. `calls` count the run's calls of a tool whose
// arguments a `json match` pattern accepts (the engine's own matcher); `state` entries are JSONata
// (the engine's own entry point) over {diff, start, end, calls}, true when met.
import matter from "gray-matter";
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";
import { matchArguments, type MatchResult } from "../engine/match.js";
import { compileExpression, truthy } from "../jsonata/expression.js";
import type { JournalEntry } from "../journal/journal.js";
import type { StateDiff } from "./stateDiff.js";

export interface CallExpectation {
  tool: string;
  /** A `json match` pattern over the call's arguments; absent: any arguments. */
  arguments?: Json;
  /** A `json match` pattern over the call's answer (its structuredContent): only calls answered so count, e.g. {"success": true}. */
  result?: Json;
  min?: number;
  max?: number;
  /** What it means, for the failure's reader. */
  says?: string;
}

export interface StateExpectation {
  expression: string;
  says: string;
}

export interface Expectations {
  calls: CallExpectation[];
  state: StateExpectation[];
}

export interface Failure {
  /** `calls[0]`, `state[2]`: where in the document. */
  expectation: string;
  says?: string;
  why: string;
}

export interface Verdict {
  passed: boolean;
  failures: Failure[];
}

export interface RunFacts {
  calls: JournalEntry[];
  diff: StateDiff;
  start: JsonObject;
  end: JsonObject;
}

export class ExpectationsError extends Error {}

/** JSON, or YAML (a document that does not start with `{`). */
export function readExpectationsText(text: string, where: string): unknown {
  if (/^\s*\{/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new ExpectationsError(`${where}: not valid JSON: ${(err as Error).message}`);
    }
  }
  try {
    // gray-matter's YAML engine (js-yaml), reached through its front matter.
    return matter(`---\n${text}\n---\n`).data as unknown;
  } catch (err) {
    throw new ExpectationsError(`${where}: not valid YAML or JSON: ${(err as Error).message.split("\n")[0]}`);
  }
}

const count = (v: unknown) => v === undefined || (typeof v === "number" && Number.isInteger(v) && v >= 0);

/** Checks the document's shape; throws ExpectationsError naming each entry that is wrong and how to write it. */
export function parseExpectations(value: unknown, where: string): Expectations {
  if (!isObject(value)) throw new ExpectationsError(`${where}: expectations are an object {"calls": [...], "state": [...]}`);
  const problems: string[] = [];
  for (const key of Object.keys(value)) if (key !== "calls" && key !== "state") problems.push(`unknown key ${JSON.stringify(key)} (expectations have "calls" and "state")`);
  const calls: CallExpectation[] = [];
  const state: StateExpectation[] = [];
  const callList = value.calls ?? [];
  const stateList = value.state ?? [];
  if (!Array.isArray(callList)) problems.push('"calls" must be a list of {"tool", "arguments", "min", "max"}');
  else
    callList.forEach((entry, i) => {
      const at = `calls[${i}]`;
      if (!isObject(entry) || typeof entry.tool !== "string") return void problems.push(`${at} needs a "tool" name: {"tool": "cart_checkout", "arguments": {...}, "min": 1, "max": 1}`);
      if (!count(entry.min) || !count(entry.max)) return void problems.push(`${at}: "min" and "max" are whole numbers of calls, 0 or more`);
      if (typeof entry.min === "number" && typeof entry.max === "number" && entry.min > entry.max) return void problems.push(`${at}: "min" ${entry.min} is above "max" ${entry.max}`);
      for (const key of Object.keys(entry)) if (!["tool", "arguments", "result", "min", "max", "says"].includes(key)) problems.push(`${at}: unknown key ${JSON.stringify(key)} (a call expectation has tool, arguments, result, min, max, says)`);
      calls.push({ tool: entry.tool, ...(entry.arguments !== undefined && { arguments: entry.arguments as Json }), ...(entry.result !== undefined && { result: entry.result as Json }), ...(entry.min !== undefined && { min: entry.min as number }), ...(entry.max !== undefined && { max: entry.max as number }), ...(typeof entry.says === "string" && { says: entry.says }) });
    });
  if (!Array.isArray(stateList)) problems.push('"state" must be a list of {"expression", "says"}');
  else
    stateList.forEach((entry, i) => {
      const at = `state[${i}]`;
      if (!isObject(entry) || typeof entry.expression !== "string" || typeof entry.says !== "string") return void problems.push(`${at} needs an "expression" (JSONata over diff, start, end, calls) and "says" (the sentence it proves)`);
      try {
        compileExpression(entry.expression);
      } catch (err) {
        return void problems.push(`${at}: ${(err as Error).message}`);
      }
      state.push({ expression: entry.expression, says: entry.says });
    });
  if (problems.length > 0) throw new ExpectationsError(`${where}: ${problems.join("; ")}`);
  return { calls, state };
}

function times(n: number): string {
  return `${n} time${n === 1 ? "" : "s"}`;
}

function describeCall(e: CallExpectation): string {
  const range = e.min === undefined && e.max === undefined ? "at least once" : e.max === 0 ? "never" : e.min === e.max ? `exactly ${times(e.min as number)}` : [e.min !== undefined && e.min > 0 ? `at least ${times(e.min)}` : "", e.max !== undefined ? `at most ${times(e.max)}` : ""].filter(Boolean).join(" and ") || "any number of times";
  return `${e.tool}${e.arguments === undefined ? "" : ` with ${JSON.stringify(e.arguments)}`}${e.result === undefined ? "" : ` answered ${JSON.stringify(e.result)}`} ${range}`;
}

function checkCalls(e: CallExpectation, calls: JournalEntry[]): string | undefined {
  const ofTool = calls.filter((c) => c.tool === e.tool);
  const matched: JournalEntry[] = [];
  const missed: string[] = [];
  for (const call of ofTool) {
    const args = isObject(call.arguments) ? (call.arguments as Record<string, Json>) : {};
    const byArgs = e.arguments === undefined ? ({ matched: true } as const) : matchArguments(e.arguments, args);
    // An error answer (isError) has no structured answer: it matches no result pattern.
    const answer = isObject(call.structuredContent) ? (call.structuredContent as Record<string, Json>) : undefined;
    const byResult: MatchResult = e.result === undefined ? { matched: true } : answer ? matchArguments(e.result, answer) : { matched: false, key: "", reason: "" };
    if (byArgs.matched && byResult.matched) matched.push(call);
    else if (!byArgs.matched) missed.push(`#${call.id} (${byArgs.key}: ${byArgs.reason})`);
    else if (!answer) missed.push(`#${call.id} (no structured answer: it failed with an error)`);
    else if (!byResult.matched && "key" in byResult) missed.push(`#${call.id} (answer's ${byResult.key}: ${byResult.reason.replace(/^argument /, "")})`);
  }
  const min = e.min ?? (e.max === undefined ? 1 : 0);
  const n = matched.length;
  if (n >= min && (e.max === undefined || n <= e.max)) return undefined;
  const found = n === 0 ? "found none" : `found ${n}: ${matched.map((c) => `#${c.id} ${JSON.stringify(c.arguments)}`).join(", ")}`;
  const near = n < min && missed.length > 0 ? `; calls of ${e.tool} that did not match: ${missed.slice(0, 5).join(", ")}` : "";
  return `expected ${describeCall(e)}, ${found}${near}`;
}

function shown(value: Json | undefined): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export function verify(expectations: Expectations, facts: RunFacts, now: () => number = Date.now): Verdict {
  const failures: Failure[] = [];
  expectations.calls.forEach((e, i) => {
    const why = checkCalls(e, facts.calls);
    if (why) failures.push({ expectation: `calls[${i}]`, ...(e.says && { says: e.says }), why });
  });
  const input = { diff: facts.diff, start: facts.start, end: facts.end, calls: facts.calls } as unknown as Json;
  const ms = now();
  expectations.state.forEach((e, i) => {
    let value: Json | undefined;
    try {
      value = compileExpression(e.expression).evaluate({ args: input, clock: () => ms });
    } catch (err) {
      failures.push({ expectation: `state[${i}]`, says: e.says, why: `${(err as Error).message}` });
      return;
    }
    if (!truthy(value)) failures.push({ expectation: `state[${i}]`, says: e.says, why: `not so: ${e.expression} gave ${shown(value)}` });
  });
  return { passed: failures.length === 0, failures };
}
