// What a session's SDK Server would do for tools/call and tools/list, reachable without going
// through the SDK's protocol layer, so the HTTP fast path (src/server/http/fastPath/) answers
// with the same engine, context, log and debug rule as the server it stands in for.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ServerResult } from "@modelcontextprotocol/sdk/types.js";
import type { JsonObject } from "../../engine/types.js";

export interface SessionCalls {
  /** The session asked for debug log notifications: each call then sends one first. */
  debug(): boolean;
  /** The engine once loaded (HTTP has it from the start; stdio loads it after initialize). */
  ready(): boolean;
  /**
   * tools/call as the session's handler runs it; throws RpcError as it does. Undefined, with
   * nothing decided or logged, when the tool declares dynamics (delays, progress, faults) this
   * session would play: those are the SDK path's to answer.
   */
  call(params: Record<string, unknown>, sessionId: string | undefined): ServerResult | Promise<ServerResult> | undefined;
  /** The tools tools/list answers. */
  tools(): JsonObject[];
}

const calls = new WeakMap<Server, SessionCalls>();

export function registerSessionCalls(server: Server, session: SessionCalls): void {
  calls.set(server, session);
}

export function sessionCallsOf(server: Server): SessionCalls | undefined {
  return calls.get(server);
}
