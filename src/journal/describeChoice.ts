// One line that says why a call got its scenario, the same in the journal, `calls` and the page.
import type { CallOutcome, ClosestMiss, ForcedChoice } from "../base/types.js";
import { scenarioMetaKey } from "../forcing/forcedByCall.js";

function left(forced: ForcedChoice): string {
  if (forced.left === undefined) return "";
  return forced.left === 0 ? " (its last forced call)" : ` (${forced.left} more forced call${forced.left === 1 ? "" : "s"})`;
}

function forcedBy(forced: ForcedChoice, session: string | undefined): string {
  if (forced.layer === "call") return `forced by this call's _meta["${scenarioMetaKey}"]`;
  if (forced.layer === "run") return "forced by its run's setup";
  if (forced.layer === "session") return `forced for session ${session ?? "?"}${left(forced)}`;
  return `forced by the overrides file${left(forced)}`;
}

export function describeClosest(closest: ClosestMiss): string {
  const diff = closest.diff.map((d) => `${d.key}: expected ${JSON.stringify(d.expected)}, got ${d.seen === undefined ? "nothing" : JSON.stringify(d.seen)}`);
  return `closest: "${closest.scenario}" (${diff.join("; ")})`;
}

export function describeDefault(closest: ClosestMiss | undefined): string {
  const base = "default: no scenario's match block accepted the arguments";
  return closest ? `${base}; ${describeClosest(closest)}` : base;
}

export function describeChoice(outcome: CallOutcome, session?: string, closest?: ClosestMiss): string {
  if (outcome.kind === "unknown-tool") return outcome.message;
  if (outcome.scenario === null) return `no scenario: ${outcome.result.content[0]?.text ?? "the call failed before selection"}`;
  switch (outcome.selectedBy) {
    case "forced":
      return outcome.forced ? forcedBy(outcome.forced, session) : "forced";
    case "matched":
      return `matched: the first scenario whose match block accepts the arguments`;
    case "state":
      return `state: the first scenario whose json when holds for this session's state`;
    case "default":
      return describeDefault(closest);
    default:
      return `chosen by ${String(outcome.selectedBy)}`;
  }
}
