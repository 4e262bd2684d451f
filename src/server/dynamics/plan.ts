// A scenario's declared dynamics -> what this one call does and when: the delay after scaling
// and random choice, and each notification's moment. Pure, so the rules are table-tested.
import { logLevels, type Dynamics, type FaultKind, type LogLevel } from "../../base/dynamics.js";
import type { RandomSource } from "../../base/types.js";

/** The longest a hang holds a call: it ends earlier when the client cancels or the session ends. */
export const hangLimitMs = 10 * 60 * 1000;

export type PlannedNotification =
  | { method: "notifications/progress"; params: { progressToken: string | number; progress: number; total?: number; message?: string } }
  | { method: "notifications/message"; params: { level: LogLevel; logger: string; data: unknown } };

export interface Plan {
  /** When the answer (or the fault) goes out, in ms after the call arrived. */
  delayMs: number;
  events: { atMs: number; notification: PlannedNotification }[];
  /** Transport-level faults only; result-level ones are already in the engine's result. */
  fault?: Exclude<FaultKind, "no-structured-content" | "invalid-output">;
}

export interface PlanInput {
  /** --delay-scale: multiplies every delay and moment (0 makes them all immediate). */
  scale: number;
  random: RandomSource;
  /** The request's _meta.progressToken; no token, no progress notifications. */
  progressToken?: string | number;
  /** The session's logging/setLevel; none set, no log messages (as the Go SDK does). */
  logLevel?: LogLevel;
}

const logger = "careem-mcp-service";

/**
 * `n` moments spread evenly over `span`, the first at 0 and the last a step before the answer:
 * the SDK client handles notifications a microtask late, so one that arrives together with the
 * answer finds its request already settled and is lost.
 */
function spread(n: number, span: number): number[] {
  return Array.from({ length: n }, (_, i) => (span * i) / n);
}

export function planDynamics(d: Dynamics, input: PlanInput): Plan {
  const fault = d.fault === "no-structured-content" || d.fault === "invalid-output" ? undefined : d.fault;
  if (fault === "hang") return { delayMs: hangLimitMs, events: [], fault };
  const declared = d.delayMs === undefined ? 0 : typeof d.delayMs === "number" ? d.delayMs : input.random.int(d.delayMs[0], d.delayMs[1]);
  const scale = (ms: number) => Math.round(ms * input.scale);
  const events: Plan["events"] = [];
  if (d.progress && input.progressToken !== undefined) {
    const token = input.progressToken;
    const moments = spread(d.progress.length, declared);
    d.progress.forEach((step, i) => {
      const params = { progressToken: token, progress: step.progress, ...(step.total !== undefined && { total: step.total }), ...(step.message !== undefined && { message: step.message }) };
      events.push({ atMs: scale(moments[i] ?? 0), notification: { method: "notifications/progress", params } });
    });
  }
  const threshold = input.logLevel === undefined ? -1 : logLevels.indexOf(input.logLevel);
  if (d.log && threshold >= 0) {
    const moments = spread(d.log.length, declared);
    d.log.forEach((step, i) => {
      if (logLevels.indexOf(step.level) < threshold) return;
      const params = { level: step.level, logger: step.logger ?? logger, data: step.data };
      events.push({ atMs: scale(moments[i] ?? 0), notification: { method: "notifications/message", params } });
    });
  }
  // Stable: progress before log at the same moment, each in declared order.
  events.sort((a, b) => a.atMs - b.atMs);
  return { delayMs: scale(declared), events, ...(fault && { fault }) };
}

/** A plan that does nothing a synchronous answer would not: keep the call synchronous. */
export function isInstant(plan: Plan): boolean {
  return plan.delayMs === 0 && plan.events.length === 0 && plan.fault === undefined;
}
