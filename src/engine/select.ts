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

/**
 * The first of the scenario's conditions that does not hold, in the order selection tries them,
 * or null when all do (a default's none always do). No reason is written here: selection asks
 * this of every scenario above the chosen one on every call, and only `why` and --check read why.
 */
function failingCondition(scenario: LoadedScenario, args: Record<string, Json>, ctx: SelectionContext | undefined): "match" | "schema" | "when" | null {
  if (scenario.match && !argumentsMatch(scenario.match.value, args)) return "match";
  const extra = scenario.state;
  if (extra?.schema && extra.schema.check(args, ctx?.clock ?? (() => 0)) !== null) return "schema";
  // A condition that never names $state (e.g. "false" for a forced-only scenario) creates no state.
  if (extra?.when && !(ctx && truthy(conditionValue(extra.when, args, ctx.state, ctx.clock, ctx.world, ctx.user)))) return "when";
  return null;
}

/** Whether every condition of the scenario holds, else the first that does not and why (that one is asked again, to word it). */
export function scenarioConditions(scenario: LoadedScenario, args: Record<string, Json>, ctx: SelectionContext | undefined): MatchResult {
  const failing = failingCondition(scenario, args, ctx);
  if (failing === null) return { matched: true };
  if (failing === "match") return matchArguments(scenario.match?.value as Json, args);
  const extra = scenario.state as NonNullable<LoadedScenario["state"]>;
  if (failing === "schema") return { matched: false, key: "(match-schema)", reason: extra.schema?.check(args, ctx?.clock ?? (() => 0)) as string };
  const when = extra.when as NonNullable<typeof extra.when>;
  if (!ctx) return { matched: false, key: "(when)", reason: "no state in this context" };
  return { matched: false, key: "(when)", reason: `${when.source} is ${JSON.stringify(conditionValue(when, args, ctx.state, ctx.clock, ctx.world, ctx.user))}` };
}

export function selectScenario(scenarios: LoadedScenario[], args: Record<string, Json>, forced?: string, ctx?: SelectionContext): Selection {
  if (forced !== undefined) {
    const scenario = scenarios.find((s) => s.name === forced);
    // A name gone from the file was already warned about by its forcing layer: select normally.
    if (scenario) return { scenario, selectedBy: "forced" };
  }
  for (const scenario of scenarios) {
    if (isDefaultScenario(scenario)) continue;
    if (failingCondition(scenario, args, ctx) === null) return { scenario, selectedBy: scenario.state?.when ? "state" : "matched" };
  }
  const fallback = scenarios.find(isDefaultScenario);
  return { scenario: fallback, selectedBy: fallback ? "default" : null };
}
