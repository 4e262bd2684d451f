// "Why this scenario": every scenario top to bottom, matched or not and the first key
// (or the match-schema or when condition) that decided, then the scenario that would answer,
// forcing included. Built from selection's own condition check, so the report can never
// disagree with a real call.
import type { LoadedScenario } from "./loadTool.js";
import { isDefaultScenario, scenarioConditions, type SelectionContext } from "./select.js";
import type { ClosestMiss, ForcedChoice, Json } from "../base/types.js";

export interface WhyStep {
  scenario: string;
  /** Line of its `## Scenario:` heading. */
  line: number;
  /** null for the default (no match, match-schema or when block): it matches whatever reaches it. */
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

/** Each scenario's conditions tried as selection tries them (selectScenario), state included. */
export function whySteps(scenarios: LoadedScenario[], args: Record<string, Json>, ctx?: SelectionContext): WhyStep[] {
  return scenarios.map((s) => {
    if (isDefaultScenario(s)) return { scenario: s.name, line: s.line, matched: null };
    const result = scenarioConditions(s, args, ctx);
    if (result.matched) return { scenario: s.name, line: s.line, matched: true };
    const step: WhyStep = { scenario: s.name, line: s.line, matched: false, key: result.key, reason: result.reason };
    if (result.expected !== undefined) step.expected = result.expected;
    if (result.seen !== undefined) step.seen = result.seen;
    return step;
  });
}
