// tools/call: the engine decides, the log records, and a debug-level session hears which
// scenario answered (a log notification). How the scenario was selected (forced or matched) stays
// in the server log: forcing is never visible to the client.
import { memberText } from "../wire/goDecode.js";
import type { CallExtra } from "../wire/rpcSession.js";
import { logCall } from "./logCall.js";
import type { Log } from "../host/log.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import { RpcError } from "../wire/rpcError.js";
import { isObject } from "../../base/isObject.js";
import type { CallToRecord } from "../../journal/journal.js";
import { planCall, playCall, type DynamicsSession } from "../dynamics/dynamicCall.js";
import { identifyCall } from "../auth/callIdentity.js";
import type { CallOutcome } from "../../base/types.js";
import type { Dynamics } from "../../base/dynamics.js";
import { SharedStateStore } from "../../store/sharedState.js";
import { callShared } from "../../store/sharedCall.js";

export interface ToolsCallContext {
  engine: ToolEngine;
  transport: string;
  log: Log;
  debug: boolean;
  /** The session when the transport has no id of its own (stdio: one per process). */
  sessionId?: string;
  /** Hears every call once answered (the HTTP host's journal). */
  onCall?: (call: CallToRecord) => void;
  /** Plays a scenario's `json dynamics`; absent, declared dynamics are ignored. */
  dynamics?: DynamicsSession;
  /** --auth: the call acts for the token's user, or is refused with production's per-call texts (auth/failureTexts.ts). */
  auth?: boolean;
}

type Extra = CallExtra;

// A go-sdk panic declares nothing; the fault needs only the explanation.
const noDynamics: Dynamics = { line: 0 };
type ServerResult = unknown;

/** The engine's state when it lives in Redis (--store), else undefined. */
function sharedStateOf(engine: ToolEngine): SharedStateStore | undefined {
  const state = (engine as { state?: unknown }).state;
  return state instanceof SharedStateStore ? state : undefined;
}

/**
 * Synchronous unless the scenario declares dynamics with something to play, or the state lives
 * in Redis (--store: fetched before the call, written after it).
 */
export function toolsCall(ctx: ToolsCallContext, params: Record<string, unknown>, extra: Extra): ServerResult | Promise<ServerResult> {
  const name = typeof params.name === "string" ? params.name : "";
  const started = performance.now();
  // Missing or null arguments count as {}: the engine takes them as they came.
  const meta = isObject(params._meta) ? params._meta : undefined;
  const identity = ctx.auth ? identifyCall(extra) : undefined;
  const user = identity === undefined ? {} : "denied" in identity ? { authFailure: identity.denied } : { userId: identity.userId };
  const sessionId = extra.sessionId ?? ctx.sessionId;
  const argumentsText = () => {
    const text = extra.paramsText?.();
    return text === undefined ? undefined : memberText(text, "arguments");
  };
  const call = { transport: ctx.transport, sessionId, meta, argumentsText, ...user };
  const shared = sharedStateOf(ctx.engine);
  if (shared) return callShared(shared, shared.keyFor(call), () => ctx.engine.callTool(name, params.arguments, call)).then((outcome) => answered(ctx, name, sessionId, started, params, extra, outcome));
  return answered(ctx, name, sessionId, started, params, extra, ctx.engine.callTool(name, params.arguments, call));
}

function answered(ctx: ToolsCallContext, name: string, sessionId: string | undefined, started: number, params: Record<string, unknown>, extra: Extra, outcome: CallOutcome): ServerResult | Promise<ServerResult> {
  const durationMs = performance.now() - started;
  logCall(ctx.log, { transport: ctx.transport, session: extra.sessionId, tool: name, outcome, durationMs });
  ctx.onCall?.({ transport: ctx.transport, session: sessionId, tool: name, args: params.arguments, outcome, durationMs });
  if (outcome.kind === "unknown-tool") throw new RpcError(outcome.code, outcome.message);
  // Production's process exits here: the transport ends the request as that looks to its client.
  if (outcome.goPanic !== undefined) {
    const explanation = outcome.result.content[0]?.type === "text" ? outcome.result.content[0].text : outcome.goPanic;
    ctx.log(`go-sdk panic: ${explanation}`);
    extra.fault("go-panic", noDynamics, explanation);
    return {};
  }
  // Never an invalid result: go-sdk's typed handler answers an error instead (the log has the file and line).
  if (outcome.rpcError) throw new RpcError(outcome.rpcError.code, outcome.rpcError.message);
  const result = outcome.result as ServerResult;
  // Only a scenario with something to play (a delay, notifications, a transport fault) leaves
  // the synchronous path.
  const plan = ctx.dynamics && outcome.dynamics ? planCall(ctx.dynamics, outcome.dynamics, name, extra) : undefined;
  const answer = () => (plan && ctx.dynamics && outcome.dynamics ? playCall(ctx.dynamics, plan, outcome.dynamics, name, result, extra) : result);
  if (!ctx.debug) return answer();
  const scenario = outcome.scenario === null ? "no scenario (the call failed before selection)" : `scenario "${outcome.scenario}"`;
  return extra
    .sendNotification({ method: "notifications/message", params: { level: "debug", logger: "careem-mcp-service", data: `${name}: ${scenario}` } })
    .then(answer);
}
