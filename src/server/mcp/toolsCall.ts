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
import { callShared, StateContentionError } from "../../store/sharedCall.js";
import { StoreDocumentError } from "../../store/sharedState.js";
import type { RunBook } from "../../runs/runBook.js";
import { noSuchRun } from "../../runs/runReport.js";
import { errorResult } from "../../engine/answerStages.js";
import type { CallContext } from "../../base/types.js";

/** A call joins a run by this `_meta` key, or by the HTTP header below on its request. */
export const runMetaKey = "careem-mcp/run";
export const runHeader = "careem-mcp-run";

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
  /** Runs a call may join; absent, a call naming one is refused. */
  runs?: RunBook;
  /** stdio's --run: the run every call of the process joins. */
  runId?: string;
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
  const call: CallContext = { transport: ctx.transport, sessionId, meta, argumentsText, ...user };
  const runId = runIdOf(ctx, meta, extra);
  if (runId !== undefined) return inRun(ctx, runId, name, call, started, params, extra);
  const shared = sharedStateOf(ctx.engine);
  if (shared) {
    return callShared(shared, shared.keyFor(call), () => ctx.engine.callTool(name, params.arguments, call)).then(
      (outcome) => answered(ctx, name, sessionId, started, params, extra, outcome),
      (err: unknown) => {
        throw storeFailure(ctx, shared, name, err);
      },
    );
  }
  return answered(ctx, name, sessionId, started, params, extra, ctx.engine.callTool(name, params.arguments, call));
}

/** The run a call names: its own `_meta` first, then its request's header, then the process's flag. */
function runIdOf(ctx: ToolsCallContext, meta: Record<string, unknown> | undefined, extra: Extra): string | undefined {
  const fromMeta = meta?.[runMetaKey];
  if (fromMeta !== undefined) return typeof fromMeta === "string" ? fromMeta : JSON.stringify(fromMeta);
  const header = extra.requestInfo?.headers[runHeader];
  if (typeof header === "string" && header !== "") return header;
  return ctx.runId;
}

/**
 * A call in a run: the run's settings join the call (state key, clock, forcing, injections and
 * user, all decided by the engine from them), and the run records the call. An unknown run is the
 * call's error, never a silent fall back to the shared world.
 */
async function inRun(ctx: ToolsCallContext, runId: string, name: string, call: CallContext, started: number, params: Record<string, unknown>, extra: Extra): Promise<ServerResult> {
  const refuse = (text: string) => answered(ctx, name, call.sessionId, started, params, extra, { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [text] });
  if (!ctx.runs) return refuse(`this server keeps no runs, so the call cannot join run ${JSON.stringify(runId)}: runs are made with POST /_local/runs on an HTTP server (docs/testing-agents.md)`);
  const record = await ctx.runs.get(runId);
  if (!record) return refuse(noSuchRun(runId, ctx.runs.limits.idleMs));
  const full = await ctx.runs.full(runId);
  if (full) return refuse(full);
  const inside: CallContext = { ...call, run: record.settings, ...(call.authFailure === undefined && { userId: record.user }) };
  const shared = sharedStateOf(ctx.engine);
  const outcome = shared ? await callShared(shared, shared.keyFor(inside), () => ctx.engine.callTool(name, params.arguments, inside)) : ctx.engine.callTool(name, params.arguments, inside);
  // Recorded before the answer leaves: a client that reads the run right after its answer finds the call.
  await ctx.runs.record(runId, { transport: ctx.transport, session: call.sessionId, tool: name, args: params.arguments, outcome, durationMs: performance.now() - started });
  return answered(ctx, name, call.sessionId, started, params, extra, outcome);
}

/** A call --store could not complete, as its client and the log read it: the store named, not the client library. */
function storeFailure(ctx: ToolsCallContext, shared: SharedStateStore, name: string, err: unknown): RpcError {
  const reason = err instanceof Error ? err.message : String(err);
  if (err instanceof StateContentionError || err instanceof StoreDocumentError) {
    ctx.log(`store: ${name}: ${reason}`);
    return new RpcError(-32603, reason);
  }
  ctx.log(`store: ${name}: ${shared.where} failed (${reason}); the call was not answered`);
  return new RpcError(-32603, `the state store ${shared.where} did not answer (${reason}); nothing was changed: try again once it is back`);
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
