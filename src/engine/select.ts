// Scenario selection: a forced scenario wins; else the first scenario, top to bottom, whose
// conditions all hold (`json match`, `json match-schema`, `json when` over the state); else the
// default (the scenario with none of them). scenarioConditions says why, for `why` and --check.
import type { LoadedScenario } from "./loadTool.js";
import { argumentsMatch, matchArguments, type MatchResult } from "./match.js";
import type { Clock, Json } from "../base/types.js";
import { truthy } from "../jsonata/expression.js";
import { conditionValue } from "../state/conditionValue.js";
import type { WorldSnapshot } from "../world/world.js";

export interface Selection {
  scenario: LoadedScenario | undefined;
  selectedBy: "forced" | "matched" | "state" | "default" | null;
}

/** What selection may read beyond the arguments; the state is fetched only if a scenario asks. */
export interface SelectionContext {
  clock: Clock;
  state: () => Json;
  world?: WorldSnapshot;
  /** Who the call acts for, as `$user` in expressions. */
  user?: string;
}

/** A scenario without conditions is the default. */
export function isDefaultScenario(scenario: LoadedScenario): boolean {
  return !scenario.match && !scenario.state?.schema && !scenario.state?.when;
}

/** Whether every condition of the scenario holds (a default's none always do), else the first that does not and why. */
export function scenarioConditions(scenario: LoadedScenario, args: Record<string, Json>, ctx: SelectionContext | undefined): MatchResult {
  if (scenario.match) {
    const result = matchArguments(scenario.match.value, args);
    if (!result.matched) return result;
  }
  const extra = scenario.state;
  if (extra?.schema) {
    const reason = extra.schema.check(args, ctx?.clock ?? (() => 0));
    if (reason !== null) return { matched: false, key: "(match-schema)", reason };
  }
  if (extra?.when) {
    if (!ctx) return { matched: false, key: "(when)", reason: "no state in this context" };
    // A condition that never names $state (e.g. "false" for a forced-only scenario) creates no state.
    const value = conditionValue(extra.when, args, ctx.state, ctx.clock, ctx.world, ctx.user);
    if (!truthy(value)) return { matched: false, key: "(when)", reason: `${extra.when.source} is ${JSON.stringify(value)}` };
  }
  return { matched: true };
}

/**
 * scenarioConditions(...).matched, without writing why a condition failed: selection tries every
 * scenario above the chosen one on every call, and nothing there reads the reasons (`why` and
 * the closest miss ask scenarioConditions and matchArguments themselves).
 */
function scenarioHolds(scenario: LoadedScenario, args: Record<string, Json>, ctx: SelectionContext | undefined): boolean {
  if (scenario.match && !argumentsMatch(scenario.match.value, args)) return false;
  const extra = scenario.state;
  if (extra?.schema && extra.schema.check(args, ctx?.clock ?? (() => 0)) !== null) return false;
  if (extra?.when) return ctx !== undefined && truthy(conditionValue(extra.when, args, ctx.state, ctx.clock, ctx.world, ctx.user));
  return true;
}

export function selectScenario(scenarios: LoadedScenario[], args: Record<string, Json>, forced?: string, ctx?: SelectionContext): Selection {
  if (forced !== undefined) {
    const scenario = scenarios.find((s) => s.name === forced);
    // A name gone from the file was already warned about by its forcing layer: select normally.
    if (scenario) return { scenario, selectedBy: "forced" };
  }
  for (const scenario of scenarios) {
    if (isDefaultScenario(scenario)) continue;
    if (scenarioHolds(scenario, args, ctx)) return { scenario, selectedBy: scenario.state?.when ? "state" : "matched" };
  }
  const fallback = scenarios.find(isDefaultScenario);
  return { scenario: fallback, selectedBy: fallback ? "default" : null };
}
