// The host side of a scenario's `json dynamics`: plan the call, keep it on the synchronous path
// when there is nothing to play, else wait, notify and fault as declared. Called by toolsCall.
import type { Dynamics, LogLevel } from "../../base/dynamics.js";
import type { RandomSource } from "../../base/types.js";
import type { Profile } from "../profiles/profiles.js";
import { goMessageText } from "../goWire/goWire.js";
import type { Log } from "../host/log.js";
import { isInstant, planDynamics, type Plan } from "./plan.js";
import { play } from "./play.js";
import type { CallExtra } from "../wire/rpcSession.js";
import type { Timer } from "./timer.js";

/** One per process: the --delay-scale and the time and randomness the runtime uses. */
export interface DynamicsRuntime {
  scale: number;
  timer: Timer;
  random: RandomSource;
}

/** One per session. */
export interface DynamicsSession {
  runtime: DynamicsRuntime;
  logLevel(): LogLevel | undefined;
  /** True once the session has ended (its transport closed). */
  closed(): boolean;
  log: Log;
  /** The session's go-sdk profile: a fault's half answer is half of the text it would write. */
  profile: Profile;
}

type Extra = CallExtra;
type ServerResult = unknown;

function progressTokenOf(extra: Extra): string | number | undefined {
  const token = extra._meta?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}

/**
 * The plan for this call, or undefined when it answers at once like a scenario without
 * dynamics. Called synchronously in the handler: a call that will be late tells its transport
 * now, before anything was answered, so the transport can stop holding later answers for it
 * and claim its HTTP response for a status fault.
 */
export function planCall(session: DynamicsSession, dynamics: Dynamics | undefined, tool: string, extra: Extra): Plan | undefined {
  if (!dynamics) return undefined;
  const request = `request=${JSON.stringify(extra.requestId)}`;
  if (dynamics.fault === "no-structured-content" || dynamics.fault === "invalid-output") {
    session.log(`fault: tool=${JSON.stringify(tool)} ${request} ${dynamics.fault} (in the result)`);
  }
  const plan = planDynamics(dynamics, {
    scale: session.runtime.scale,
    random: session.runtime.random,
    progressToken: progressTokenOf(extra),
    logLevel: session.logLevel(),
  });
  if (isInstant(plan)) return undefined;
  session.log(`dynamics: tool=${JSON.stringify(tool)} ${request} answers in ${plan.delayMs}ms, ${plan.events.length} notification(s)${plan.fault ? `, then ${plan.fault}` : ""}`);
  extra.deferred(plan.fault === "hang" ? undefined : plan.fault);
  return plan;
}

export async function playCall(session: DynamicsSession, plan: Plan, dynamics: Dynamics, tool: string, result: ServerResult, extra: Extra): Promise<ServerResult> {
  const due = await play(plan, {
    timer: session.runtime.timer,
    signal: extra.signal,
    notify: (n) => extra.sendNotification(n),
    onNotifyError: (err) => session.log(`dynamics: ${tool}: a notification could not be sent: ${err instanceof Error ? err.message : String(err)}`),
  });
  const request = `request=${JSON.stringify(extra.requestId)}`;
  if (!due) {
    // Nothing is sent for an aborted request (the wire ends its stream); say why it stopped.
    const why = session.closed() ? "its session ended" : "the client cancelled it";
    session.log(`call stopped: tool=${JSON.stringify(tool)} ${request} ${why}; no answer sent`);
    extra.stopped?.();
    return result;
  }
  if (plan.fault === "hang") session.log(`call released: tool=${JSON.stringify(tool)} ${request} hung for the ${plan.delayMs}ms limit; answering`);
  else if (plan.fault) {
    session.log(`fault: tool=${JSON.stringify(tool)} ${request} ${plan.fault}`);
    // The answer as the wire would carry it (go-sdk text), so a fault's half answer is half of that.
    const answer = goMessageText({ jsonrpc: "2.0", id: extra.requestId, result }, "tools/call", session.profile);
    extra.fault(plan.fault, dynamics, answer);
  }
  return result;
}
