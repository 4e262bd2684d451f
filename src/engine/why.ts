// "Why this scenario" (issue 14): every scenario top to bottom, matched or not and the first key
// that decided, then the scenario that would answer, forcing included. Built from the matcher's
// own results (matchArguments), so the report can never disagree with a real call.
import type { LoadedScenario } from "./loadTool.js";
import { matchArguments } from "./match.js";
import type { ClosestMiss, ForcedChoice, Json } from "./types.js";

export interface WhyStep {
  scenario: string;
  /** Line of its `## Scenario:` heading. */
  line: number;
  /** null for the default (no match block): it matches whatever reaches it. */
  matched: boolean | null;
  key?: string;
  expected?: Json;
  seen?: Json;
  reason?: string;
}

export interface WhyReport {
  tool: string;
  /** Path of the tool file, as shown to the user. */
  file?: string;
  steps: WhyStep[];
  /** The scenario that would answer, or null (validation failed, broken file, refused forcing). */
  scenario: string | null;
  selectedBy: "forced" | "matched" | "state" | "default" | null;
  forced?: ForcedChoice;
  closest?: ClosestMiss;
  /** Why no scenario would answer: the error text the call would get. */
  error?: string;
  warnings: string[];
}

export function whySteps(scenarios: LoadedScenario[], args: Record<string, Json>): WhyStep[] {
  return scenarios.map((s) => {
    if (!s.match) return { scenario: s.name, line: s.line, matched: null };
    const result = matchArguments(s.match.value, args);
    if (result.matched) return { scenario: s.name, line: s.line, matched: true };
    const step: WhyStep = { scenario: s.name, line: s.line, matched: false, key: result.key, reason: result.reason };
    if (result.expected !== undefined) step.expected = result.expected;
    if (result.seen !== undefined) step.seen = result.seen;
    return step;
  });
}
