// The one stderr line written per tools/call, so a person watching the log can see which
// scenario answered (and whether it was forced) without that ever reaching the client.
import type { CallOutcome } from "../../base/types.js";
import type { Log } from "../host/log.js";

export interface CallRecord {
  transport: string;
  session: string | undefined;
  tool: string;
  outcome: CallOutcome;
  durationMs: number;
}

function scenarioLabel(outcome: CallOutcome): string {
  if (outcome.kind !== "result" || outcome.scenario === null) return "-";
  if (outcome.selectedBy !== "forced") return outcome.scenario;
  // The layer too: a test that forced per call or per session can see it took.
  return outcome.forced && outcome.forced.layer !== "overrides" ? `forced-by-${outcome.forced.layer}:${outcome.scenario}` : `forced:${outcome.scenario}`;
}

export function logCall(log: Log, record: CallRecord): void {
  const { outcome } = record;
  // One template, not fields joined: this runs on every tools/call, and the array, the join and
  // the per-field strings were about a microsecond of it.
  const last = outcome.kind === "result" ? `isError=${outcome.result.isError}` : "error=unknown-tool";
  log(`call transport=${record.transport} session=${record.session ?? "-"} tool=${JSON.stringify(record.tool)} scenario=${scenarioLabel(outcome)} duration=${record.durationMs.toFixed(1)}ms ${last}`);
  if (outcome.kind === "result") {
    for (const warning of outcome.warnings) log(`warning: ${record.tool}: ${warning}`);
  }
}
