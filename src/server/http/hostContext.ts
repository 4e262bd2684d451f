// What every transport host shares: one engine over the tools directory, the log, and the
// registry of open sessions that list changes are broadcast to.
import type { Config } from "../../config.js";
import { createMcpSession } from "../mcp/mcpSession.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "../host/log.js";
import type { SessionRegistry } from "../host/sessionRegistry.js";
import type { LocalContext } from "../local/localContext.js";
import { dynamicsRuntime } from "../dynamics/runtime.js";
import type { RpcSession } from "../wire/rpcSession.js";
import type { Clock } from "../../base/types.js";
import type { Profile } from "../profiles/profiles.js";

export interface HostContext {
  engine: ToolEngine;
  config: Config;
  /** The go-sdk release, mode and era this host answers as, built from config (profileOf). */
  profile: Profile;
  log: Log;
  registry: SessionRegistry;
  /** The local-only journal, forcing and dashboard under /_local/ (absent: not mounted). */
  local?: LocalContext;
  /** The host's clock (token issue and expiry under --auth); tests inject one. */
  clock?: Clock;
}

/** A session of this host: `unrelated` is where its notifications about no request go. */
export function sessionFor(ctx: HostContext, transport: string, sessionId: string, unrelated: (text: string) => void): RpcSession {
  return createMcpSession({
    engine: ctx.engine,
    dynamics: dynamicsRuntime(ctx.config),
    serviceVersion: ctx.config.serviceVersion,
    widgetDomain: ctx.config.widgetDomain,
    transport,
    sessionId,
    log: ctx.log,
    onCall: ctx.local?.journal.record,
    auth: ctx.config.auth,
    scenarioLog: ctx.config.scenarioLog,
    unrelated,
    profile: ctx.profile,
  });
}

