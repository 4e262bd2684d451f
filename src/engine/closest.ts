// For a call that fell to the default: the scenario that came closest to matching (most keys
// of its match block matched; the first such scenario on a tie), with a per-key diff, as
// WireMock's near-miss report does. Judged by the matcher itself (matchEachKey), never re-derived.
import type { LoadedScenario } from "./loadTool.js";
import { matchEachKey } from "./match.js";
import type { ClosestMiss, Json } from "../base/types.js";

export function closestMiss(scenarios: LoadedScenario[], args: Record<string, Json>): ClosestMiss | undefined {
  let best: (ClosestMiss & { score: number }) | undefined;
  for (const scenario of scenarios) {
    if (!scenario.match) continue;
    const keys = matchEachKey(scenario.match.value, args);
    const matchedKeys: string[] = [];
    const diff: ClosestMiss["diff"] = [];
    for (const { key, result } of keys) {
      if (result.matched) matchedKeys.push(key);
      else diff.push({ key: result.key, expected: result.expected, ...(result.seen === undefined ? {} : { seen: result.seen }), reason: result.reason });
    }
    if (diff.length === 0) continue; // it matched: not a miss
    const score = keys.length === 0 ? 0 : matchedKeys.length / keys.length;
    if (!best || score > best.score) best = { scenario: scenario.name, matchedKeys, diff, score };
  }
  if (!best) return undefined;
  const { score: _score, ...closest } = best;
  return closest;
}
