// Scenario selection: a forced scenario wins; else the first matching scenario, top to bottom;
// else the default (the scenario without a match block). Returns why, for logs and --check.
import type { LoadedScenario } from "./loadTool.js";
import { matchArguments, type MatchResult } from "./match.js";
import type { Json } from "./types.js";

export interface Selection {
  scenario: LoadedScenario | undefined;
  selectedBy: "forced" | "matched" | "default" | null;
  /** Why each scenario tried before the chosen one did not match. */
  misses: { scenario: string; result: Extract<MatchResult, { matched: false }> }[];
  /** A forced name that no longer exists in the file. */
  staleForced?: string;
}

export function selectScenario(scenarios: LoadedScenario[], args: Record<string, Json>, forced?: string): Selection {
  let staleForced: string | undefined;
  if (forced !== undefined) {
    const scenario = scenarios.find((s) => s.name === forced);
    if (scenario) return { scenario, selectedBy: "forced", misses: [] };
    staleForced = forced;
  }
  const misses: Selection["misses"] = [];
  for (const scenario of scenarios) {
    if (!scenario.match) continue;
    const result = matchArguments(scenario.match.value, args);
    if (result.matched) return { scenario, selectedBy: "matched", misses, staleForced };
    misses.push({ scenario: scenario.name, result });
  }
  const fallback = scenarios.find((s) => !s.match);
  return { scenario: fallback, selectedBy: fallback ? "default" : null, misses, staleForced };
}
